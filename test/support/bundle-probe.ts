import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProbeResult {
  readonly loaded: boolean;
  readonly loadMs?: number;
  /** What the handler returned, if it returned. */
  readonly result?: unknown;
  /** What it threw (an authorizer's `Unauthorized` is an answer). */
  readonly thrown?: string;
  readonly error?: string;
  /** The process's own output, for the failure message. */
  readonly output: string;
}

const RUNNER = join(__dirname, 'invoke-bundle.cjs');
const MARK = '@@bundle-check ';

/**
 * Loads a Lambda bundle in a fresh Node process with the given environment
 * (nothing inherited but PATH) and, with an event, invokes its handler. The
 * bundle runs from a copy outside the repository, as from Lambda's
 * `/var/task`: a `require` it cannot satisfy from its own folder fails here
 * as it would on AWS, instead of finding the repository's `node_modules`.
 */
export async function probeBundle(dir: string, env: Record<string, string>, event?: unknown, timeoutMs = 20_000): Promise<ProbeResult> {
  const task = mkdtempSync(join(tmpdir(), 'lambda-task-'));
  try {
    cpSync(dir, task, { recursive: true });
    return await probeInPlace(task, env, event, timeoutMs);
  } finally {
    rmSync(task, { recursive: true, force: true });
  }
}

function probeInPlace(dir: string, env: Record<string, string>, event: unknown, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const args = [...(env.NODE_OPTIONS ? env.NODE_OPTIONS.split(' ') : []), RUNNER, dir, ...(event === undefined ? [] : [JSON.stringify(event)])];
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      const line = output.split('\n').find((l) => l.startsWith(MARK));
      if (!line) return resolve({ loaded: false, error: `no answer within ${timeoutMs} ms`, output: output.slice(-5_000) });
      try {
        resolve({ ...(JSON.parse(line.slice(MARK.length)) as Omit<ProbeResult, 'output'>), output: output.slice(-5_000) });
      } catch {
        // A report cut short must fail its function's checks, not leave the whole suite waiting.
        resolve({ loaded: false, error: `a report that is not JSON (${line.length} characters)`, output: output.slice(-5_000) });
      }
    });
  });
}
