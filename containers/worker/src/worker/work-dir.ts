import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pruneKept } from './kept-outputs';

/** A job's own folder; the worker's pid in its name tells a later worker whether its owner still lives. */
export function makeJobDir(workDir: string, jobId: string): Promise<string> {
  return mkdtemp(join(workDir, `job-${jobId}-p${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of jobs whose worker died without cleaning up (a
 * crash, kill -9). Folders of living workers sharing the folder are kept,
 * and so are results kept for a job's next try (`kept-…`) while they are
 * fresh and few; stale or surplus ones go.
 */
export async function sweepJobDirs(workDir: string): Promise<number> {
  let removed = await pruneKept(workDir);
  for (const name of await readdir(workDir).catch(() => [] as string[])) {
    const pid = Number(/^job-.+-p(\d+)-[^-]+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(join(workDir, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
