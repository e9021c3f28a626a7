import { statSync, writeFileSync } from 'node:fs';

/**
 * The longest the job loop may go without a beat before the container counts
 * as unhealthy. The loop turns at least every 20 s (SQS's longest poll, or a
 * wait on a running job cut to BEAT_INTERVAL_MS), so 90 s is a loop stuck
 * for over four turns, not a slow one.
 */
export const HEARTBEAT_MAX_AGE_SECONDS = 90;

/** How often a loop busy with running jobs still turns, to beat. */
export const BEAT_INTERVAL_MS = 15_000;

export interface Heartbeat {
  beat(): void;
}

/**
 * Proves the job loop still turns, not only that the process exists: ECS
 * replaces a task whose worker is wedged (a receive that never returns, a
 * loop that stopped) instead of leaving it running, taking no job.
 */
export class FileHeartbeat implements Heartbeat {
  constructor(
    private readonly file: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  beat(): void {
    try {
      // The time is in the content for a person reading it; the check reads the file's mtime.
      writeFileSync(this.file, `${new Date().toISOString()}\n`);
    } catch (error) {
      // A full disk must not stop the worker; the health check then sees the stale beat.
      this.onError(error);
    }
  }
}

/** Whether the last beat is recent enough: false for a missing file too (the loop never turned). */
export function heartbeatIsFresh(file: string, now = Date.now(), maxAgeSeconds = HEARTBEAT_MAX_AGE_SECONDS): boolean {
  try {
    return now - statSync(file).mtimeMs <= maxAgeSeconds * 1000;
  } catch {
    return false;
  }
}
