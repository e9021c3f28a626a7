import { spawn } from 'node:child_process';
import { FfmpegAbortedError, FfmpegFailedError, FfmpegKilledError, FfmpegNoSpaceError, FfmpegTimeoutError, reportsNoSpace, stderrTail } from './ffmpeg-errors';
import { guardInputs } from './input-guards';
import { runLimits, runTimeoutSeconds } from './run-limits';

export { FfmpegAbortedError, FfmpegFailedError, FfmpegKilledError, FfmpegNoSpaceError, FfmpegTimeoutError } from './ffmpeg-errors';

export interface FfmpegRun {
  /**
   * Arguments after the fixed safety flags; always an array, never a shell
   * string. Every `-i` gets the protocol and media-format whitelists unless
   * its own options name a format (see `trustedInput`, `imageInput`).
   */
  args: readonly string[];
  /** Total output seconds, to turn ffmpeg's progress into a percentage. */
  expectedSeconds?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Wall-clock limit; by default the one the running job allows. */
  timeoutSeconds?: number;
}

/** Runs ffmpeg on local files only, reporting progress from `-progress pipe:1`. */
export function runFfmpeg({ args, expectedSeconds, onProgress, signal, timeoutSeconds }: FfmpegRun): Promise<void> {
  const limits = runLimits.getStore();
  const limit = runTimeoutSeconds(limits, { own: timeoutSeconds });
  const signals = [signal, limits?.signal].filter((s): s is AbortSignal => s !== undefined);
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...guardInputs(args)];
  return new Promise((resolve, reject) => {
    if (signals.some((s) => s.aborted)) return reject(new FfmpegAbortedError());
    const child = spawn('ffmpeg', fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    let stopped: 'timeout' | 'aborted' | undefined;
    const stop = (why: 'timeout' | 'aborted') => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), limit * 1000);
    const onAbort = () => stop('aborted');
    for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && expectedSeconds && onProgress) {
          const done = Number(match[1]) / 1e6;
          onProgress(Math.max(0, Math.min(99, Math.floor((done / expectedSeconds) * 100))));
        }
      }
    });
    const cleanup = () => {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      cleanup();
      reject(new FfmpegFailedError(`ffmpeg could not run: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      cleanup();
      if (stopped === 'timeout') return reject(new FfmpegTimeoutError(limit));
      if (stopped === 'aborted') return reject(new FfmpegAbortedError());
      // Killed by someone else than us: the system, for memory. 137 is 128 + SIGKILL, as a wrapper reports it.
      if (signal === 'SIGKILL' || code === 137) return reject(new FfmpegKilledError(signal ?? `exit ${code}`));
      // Checked before the exit code: ffmpeg may exit 0 after a failed write, leaving a cut-off file.
      if (reportsNoSpace(stderr)) return reject(new FfmpegNoSpaceError(stderrTail(stderr)));
      if (code === 0) return resolve();
      reject(new FfmpegFailedError(`ffmpeg exited with code ${code ?? signal}`, stderrTail(stderr)));
    });
  });
}
