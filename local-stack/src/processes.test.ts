import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChildren, type ChildSpec } from './processes';

/** The fields of a `/proc/.../stat` file after the command's closing parenthesis: niceness is [16], the thread count [17]. */
function statFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const niceOf = (pid: number) => Number(statFields(`/proc/${pid}/stat`)[16]);
const threadCountOf = (pid: number) => Number(statFields(`/proc/${pid}/stat`)[17]);
/** Each thread's niceness: Linux keeps one per thread. */
const threadNiceness = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]));

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
  const own = niceOf(process.pid);

  expect(background.pid).toBeDefined();
  // nice(1) execs the command: the pid the stack holds (to stop it, to measure it) is the emulator's.
  expect(readFileSync(`/proc/${background.pid}/cmdline`, 'utf8').split('\0')[0]).toBe(process.execPath);
  expect(threadCountOf(background.pid ?? 0)).toBeGreaterThan(1);
  expect(new Set(threadNiceness(background.pid ?? 0))).toEqual(new Set([Math.min(own + 10, 19)]));
  expect(new Set(threadNiceness(foreground.pid ?? 0))).toEqual(new Set([own]));
});
