import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Endpoints } from '@frameforge/local-stack/stack';

export const repoRoot = resolve(__dirname, '../..');

/**
 * The test stack's authorizer cache (60 s on AWS and under `npm start`): a
 * change of plan or a revoked key reaches the product API within a second,
 * so tests wait for it instead of for a minute.
 */
export const TEST_AUTHORIZER_CACHE_SECONDS = 1;

export interface RunningStack {
  endpoints: Endpoints;
  stateDir: string;
  /** The stack's own process, parent of its emulators and its worker. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the whole local stack as `npm start` does, on free ports and its
 * own state folder, so tests never clash with a running `npm start`.
 */
export function startStackProcess(stateDir: string, timeoutMs = 120_000): Promise<RunningStack> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'local-stack/src/start.ts'), '--state-dir', stateDir, '--auto-ports', '--quiet'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test', AUTHORIZER_CACHE_SECONDS: String(TEST_AUTHORIZER_CACHE_SECONDS) } },
  );
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The local stack did not start within ${timeoutMs / 1000} s:\n${output.slice(-3000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      if (!output.includes('Ready.')) return;
      clearTimeout(timer);
      child.stdout?.removeListener('data', onData);
      const endpoints = JSON.parse(readFileSync(join(stateDir, 'endpoints.json'), 'utf8')) as Endpoints;
      resolvePromise({
        endpoints,
        stateDir,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      if (process.env.STACK_LOGS) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited (${code}) before it was ready:\n${output.slice(-3000)}`));
    });
  });
}
