import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { freePort, portBand, portRange, startChild, stopChildren, type ChildSpec } from './processes';

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

describe('free ports', () => {
  it('never hands out the same port twice, even to calls made at once', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
  });

  it('splits the range into bands that do not overlap, one per stack started side by side', () => {
    expect(portBand(undefined, 10_000, 32_768)).toEqual([10_000, 32_768]);
    const [first, second, third] = ['1/3', '2/3', '3/3'].map((band) => portBand(band, 10_000, 32_768));
    expect(first).toEqual([10_000, 17_589]);
    expect(second).toEqual([17_589, 25_178]);
    expect(third?.[1]).toBeLessThanOrEqual(32_768);
  });

  it('stops on a band that is not one of a whole number of bands, naming the variable', () => {
    for (const band of ['0/2', '3/2', 'two', '1/0']) expect(() => portBand(band, 10_000, 32_768)).toThrow(/FRAMEFORGE_PORT_BAND/);
  });

  it('draws its ports from its own band', async () => {
    const before = process.env.FRAMEFORGE_PORT_BAND;
    const bandOf = (band: string) => {
      process.env.FRAMEFORGE_PORT_BAND = band;
      return portRange();
    };
    try {
      const [, firstHigh] = bandOf('1/2');
      const [low, high] = bandOf('2/2');
      expect(low).toBeGreaterThanOrEqual(firstHigh);
      for (const port of await Promise.all(Array.from({ length: 10 }, () => freePort()))) {
        expect(port).toBeGreaterThanOrEqual(low);
        expect(port).toBeLessThan(high);
      }
    } finally {
      if (before === undefined) delete process.env.FRAMEFORGE_PORT_BAND;
      else process.env.FRAMEFORGE_PORT_BAND = before;
    }
  });
});
