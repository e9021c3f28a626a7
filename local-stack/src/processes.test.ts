import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChildren, type ChildSpec } from './processes';

/** A child's niceness and thread count, from `/proc/<pid>/stat` (fields 19 and 20, counted after the command's closing parenthesis). */
function schedulingOf(pid: number): { nice: number; threads: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), threads: Number(fields[17]) };
}

/** Each thread's niceness, from `/proc/<pid>/task/<tid>/stat`. */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** A Node child that has started its threads (V8's and the thread pool's) and says so. */
const idleNode = (background: boolean): ChildSpec => ({
  name: background ? 'background-child' : 'foreground-child',
  command: process.execPath,
  args: ['-e', "require('node:fs').stat('.', () => console.log('ready')); setInterval(() => {}, 1000);"],
  background,
});

async function ready(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before it was ready`)));
  });
}

afterAll(stopChildren);

it('runs a background child, every thread of it, below the priority of the rest, with its own pid', async () => {
  const background = startChild(idleNode(true));
  const foreground = startChild(idleNode(false));
  await Promise.all([ready(background), ready(foreground)]);
  const own = schedulingOf(process.pid).nice;

  expect(background.pid).toBeDefined();
  // nice(1) execs the command: the pid the stack holds (to stop it, to measure it) is the emulator's.
  expect(readFileSync(`/proc/${background.pid}/cmdline`, 'utf8').split('\0')[0]).toBe(process.execPath);
  expect(schedulingOf(background.pid ?? 0).threads).toBeGreaterThan(1);
  expect(new Set(threadNiceness(background.pid ?? 0))).toEqual(new Set([Math.min(own + 10, 19)]));
  expect(new Set(threadNiceness(foreground.pid ?? 0))).toEqual(new Set([own]));
});
