import { spawn } from 'node:child_process';

export class FfmpegFailedError extends Error {
  constructor(
    message: string,
    /** ffmpeg's last lines, for the technical part of the job error. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'FfmpegFailedError';
  }
}

const TAIL_LINES = 8;

export interface FfmpegRun {
  /** Arguments after the fixed safety flags; always an array, never a shell string. */
  args: readonly string[];
  /** Total output seconds, to turn ffmpeg's progress into a percentage. */
  expectedSeconds?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Runs ffmpeg on local files only, reporting progress from `-progress pipe:1`. */
export function runFfmpeg({ args, expectedSeconds, onProgress, signal }: FfmpegRun): Promise<void> {
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file,pipe', '-progress', 'pipe:1', '-nostats', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', fullArgs, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stderr = '';
    let pending = '';
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
    child.on('error', (error) => reject(new FfmpegFailedError(`ffmpeg could not run: ${error.message}`, '')));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const tail = stderr.trim().split('\n').slice(-TAIL_LINES).join('\n');
      reject(new FfmpegFailedError(`ffmpeg exited with code ${code}`, tail));
    });
  });
}
