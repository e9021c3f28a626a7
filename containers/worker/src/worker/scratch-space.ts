import { statfs } from 'node:fs/promises';
import { InputRejectedError } from '../operations/operation';
import { DiskFullError } from './failure-causes';

/** The space of the file system a folder is on, in bytes. */
export interface DiskSpace {
  /** What this process may still write. */
  freeBytes: number;
  totalBytes: number;
}

export type DiskSpaceOf = (dir: string) => Promise<DiskSpace>;

export const diskSpaceOf: DiskSpaceOf = async (dir) => {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
};

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/**
 * Refuses a job whose files would not fit the worker's scratch disk before
 * it writes them, rather than failing half-way. Short of free space now, the
 * job is tried again (other jobs' files go, another worker may have room);
 * larger than the whole disk, no try can fit it, so it fails at once. A disk
 * that cannot be measured is not held against the job.
 */
export async function ensureScratchSpace(dir: string, neededBytes: number, spaceOf: DiskSpaceOf = diskSpaceOf): Promise<void> {
  const space = await spaceOf(dir).catch(() => undefined);
  if (!space || neededBytes <= space.freeBytes) return;
  if (neededBytes > space.totalBytes) {
    throw new InputRejectedError({
      code: 'insufficient_disk',
      message: `Error: the job needs about ${gigabytes(neededBytes)} of disk space for its files; a worker has ${gigabytes(space.totalBytes)} in all.`,
      param: null,
      hint: 'Send a shorter or smaller input, or split it into parts.',
    });
  }
  throw new DiskFullError({ shortfall: { neededBytes, freeBytes: space.freeBytes } });
}
