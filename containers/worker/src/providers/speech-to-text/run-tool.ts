import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runLimits, runTimeoutSeconds } from '../../ffmpeg/run-limits';

const exec = promisify(execFile);

/** Runs a recogniser CLI (argument array, no shell) within the running job's time limit and stop signal. */
export async function runTool(bin: string, args: string[], signal?: AbortSignal): Promise<string> {
  const limits = runLimits.getStore();
  const signals = [signal, limits?.signal].filter((s): s is AbortSignal => s !== undefined);
  const { stdout } = await exec(bin, args, {
    signal: signals.length ? AbortSignal.any(signals) : undefined,
    timeout: runTimeoutSeconds(limits) * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}
