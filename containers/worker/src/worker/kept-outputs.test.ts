import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationResult } from '../operations/operation';
import { dropKept, findKeptOutputs, KEPT_MAX_AGE_MS, KEPT_MAX_FOLDERS, keepOutputs, keptDirOf, pruneKept } from './kept-outputs';
import { sweepJobDirs } from './work-dir';

let work: string;

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'kept-outputs-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

/** A finished result in a job's folder: the output and one attachment. */
async function finished(jobId: string): Promise<OperationResult> {
  const dir = join(work, `job-${jobId}-p1-x`);
  await mkdir(dir);
  await writeFile(join(dir, 'out.mp4'), 'video');
  await writeFile(join(dir, 'captions.ass'), 'subs');
  return {
    output: { path: join(dir, 'out.mp4'), fileName: 'clip.mp4', mediaType: 'video/mp4', durationSeconds: 2.5 },
    attachments: [{ path: join(dir, 'captions.ass'), fileName: 'clip.ass', mediaType: 'text/x-ssa' }],
  };
}

describe('a result kept for the next try', () => {
  it('is found again by the same job, with its names, types and length, then dropped', async () => {
    await keepOutputs(work, 'job-a', await finished('job-a'));
    const kept = await findKeptOutputs(work, 'job-a');
    expect(kept?.output).toMatchObject({ fileName: 'clip.mp4', mediaType: 'video/mp4', durationSeconds: 2.5 });
    expect(kept?.attachments).toEqual([expect.objectContaining({ fileName: 'clip.ass', mediaType: 'text/x-ssa' })]);
    expect(await readFile(kept?.output.path ?? '', 'utf8')).toBe('video');
    expect(kept?.output.path.startsWith(keptDirOf(work, 'job-a'))).toBe(true);
    expect(await findKeptOutputs(work, 'job-b')).toBeUndefined();
    await dropKept(work, 'job-a');
    expect(await findKeptOutputs(work, 'job-a')).toBeUndefined();
  });

  it('is not used once it is older than a try can be, nor when a file went missing', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    await keepOutputs(work, 'old', await finished('old'), at);
    expect(await findKeptOutputs(work, 'old', at.getTime() + KEPT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(existsSync(keptDirOf(work, 'old'))).toBe(false);

    const kept = await finished('gone');
    await keepOutputs(work, 'gone', kept);
    await rm(join(keptDirOf(work, 'gone'), 'out-1.ass'));
    expect(await findKeptOutputs(work, 'gone')).toBeUndefined();
  });

  it('is not used while unfinished (no marker), and such a folder goes once it is old', async () => {
    const dir = keptDirOf(work, 'half');
    await mkdir(dir);
    await writeFile(join(dir, 'out-0.mp4'), 'part');
    expect(await findKeptOutputs(work, 'half')).toBeUndefined();
    expect(await pruneKept(work)).toBe(0);
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(dir, hourAgo, hourAgo);
    expect(await pruneKept(work)).toBe(1);
    expect(existsSync(dir)).toBe(false);
  });

  it('is bounded: past the most a worker keeps, the oldest go', async () => {
    const ids = Array.from({ length: KEPT_MAX_FOLDERS + 2 }, (_, i) => `job-${i}`);
    for (const [i, id] of ids.entries()) await keepOutputs(work, id, await finished(id), new Date(Date.now() - (ids.length - i) * 1000));
    const left = (await readdir(work)).filter((name) => name.startsWith('kept-')).sort();
    expect(left).toEqual(ids.slice(-KEPT_MAX_FOLDERS).map((id) => `kept-${id}`));
  });

  it('survives the sweep at start while fresh; a stale one is swept', async () => {
    await keepOutputs(work, 'fresh', await finished('fresh'));
    await keepOutputs(work, 'stale', await finished('stale'), new Date(Date.now() - KEPT_MAX_AGE_MS - 60_000));
    await sweepJobDirs(work);
    expect(existsSync(keptDirOf(work, 'fresh'))).toBe(true);
    expect(existsSync(keptDirOf(work, 'stale'))).toBe(false);
  });
});
