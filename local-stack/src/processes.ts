import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';

/** Every child process the local stack started, so Ctrl-C stops them all. */
const children = new Set<ChildProcess>();

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Show the child's output (prefixed); otherwise only its last lines on failure. */
  verbose?: boolean;
  /**
   * Runs it at a lower CPU priority (every thread of it): a stand-in for a
   * service that runs on other machines on AWS, which must not take the
   * worker's cores from ffmpeg as it never would there.
   */
  background?: boolean;
}

/** The niceness of background children: they still get the cores whenever the rest waits. */
const BACKGROUND_NICENESS = 10;

export interface SupervisedSpec extends ChildSpec {
  /** Called with each new process (the first and every restart), e.g. to write its pid. */
  onStart?: (child: ChildProcess) => void;
}

const RESTART_BACKOFF_MS = [500, 1000, 2000, 5000];
/** A child that ran this long before dying starts again from the shortest backoff. */
const STABLE_MS = 30_000;

/**
 * Keeps a child running, as ECS replaces a stopped task: whenever it exits
 * without the stack asking, it is started again after a short, growing backoff.
 */
export function superviseChild(spec: SupervisedSpec): void {
  let failures = 0;
  const launch = () => {
    if (stopping) return;
    const started = Date.now();
    const child = startChild(spec);
    spec.onStart?.(child);
    child.on('exit', () => {
      if (stopping) return;
      failures = Date.now() - started > STABLE_MS ? 0 : failures + 1;
      const delay = RESTART_BACKOFF_MS[Math.min(failures, RESTART_BACKOFF_MS.length) - 1] ?? 0;
      console.error(`[${spec.name}] restarting in ${delay} ms`);
      setTimeout(launch, delay);
    });
  };
  launch();
}

export function startChild(spec: ChildSpec): ChildProcess {
  // Through nice(1), which execs the command: the pid is the child's, and the threads it starts inherit the priority.
  const command = spec.background ? 'nice' : spec.command;
  const args = spec.background ? ['-n', String(BACKGROUND_NICENESS), spec.command, ...spec.args] : spec.args;
  const child = spawn(command, args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-4000);
    if (spec.verbose) {
      for (const line of text.split('\n').filter(Boolean)) console.log(`[${spec.name}] ${line}`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && (code !== 0 || signal !== null)) {
      console.error(`[${spec.name}] exited (${signal ?? code}). Last output:\n${tail}`);
    }
  });
  return child;
}

let stopping = false;

export async function stopChildren(): Promise<void> {
  stopping = true;
  const waits = [...children].map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  await Promise.all(waits);
}

/** Every port this process has handed out: two pieces of one stack asking at once must not be given the same one. */
const handedOut = new Set<number>();

/**
 * Where `FRAMEFORGE_PORT_BAND` ("2/3": the second of three bands) puts this
 * process's ports: stacks started side by side (the test shards) draw from
 * bands that do not overlap, so one cannot take a port the other just chose
 * and has not bound yet. Without it, the whole range.
 */
export function portBand(band: string | undefined, floor: number, ceiling: number): [number, number] {
  if (band === undefined || band === '') return [floor, ceiling];
  const match = /^(\d+)\/(\d+)$/.exec(band);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`FRAMEFORGE_PORT_BAND must read like 1/2 (a band of a whole number of bands), not "${band}".`);
  const width = Math.floor((ceiling - floor) / count);
  return [floor + (index - 1) * width, floor + index * width];
}

/** The ports this process draws from: its band of those below the ephemeral range. */
export const portRange = (): [number, number] => portBand(process.env.FRAMEFORGE_PORT_BAND, 10_000, Math.max(11_000, ephemeralRange()[0]));

/**
 * A free TCP port on 127.0.0.1, chosen below the kernel's range of ephemeral
 * ports: a port taken with `listen(0)` is released before its server binds it
 * again, and in that window any outgoing connection may be given it as its
 * local port. Below that range only another listener can take it: another
 * call of this process (never given the same port twice) or another stack
 * (kept out by the bands).
 */
export async function freePort(): Promise<number> {
  const [low, high] = portRange();
  for (let tries = 0; tries < 200; tries += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port between ${low} and ${high} after 200 tries.`);
}

/** The kernel's ephemeral port range; Linux's default where it cannot be read. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low > 11_000) return [low, high];
  } catch {
    // Not Linux: keep the default.
  }
  return [32768, 60999];
}

/** Whether nothing listens on the port yet. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Waits until something accepts connections on the port. */
export async function waitForPort(port: number, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not start on port ${port} within ${timeoutMs / 1000} s`);
}
