import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import * as z from 'zod';
import type { OperationOutput, OperationResult } from '../operations/operation';

/**
 * A finished result whose store failed stays on this worker, in
 * `kept-<job id>` under the work folder with a marker naming its files, so
 * the next delivery of the job stores it without running the job again. The
 * marker is written last: a folder without one was never finished and is
 * not used. Kept folders are bounded in number and age, so failed stores
 * cannot fill the disk.
 */
const MARKER = 'kept.json';
/** Tries follow within minutes; a folder older than this belongs to a job that moved on. */
export const KEPT_MAX_AGE_MS = 3600_000;
/** Kept folders one worker holds at most; the oldest go first. */
export const KEPT_MAX_FOLDERS = 3;
/** A folder without its marker is being written, or was left by a crash once it is this old. */
const UNFINISHED_GRACE_MS = 10 * 60_000;

const keptFileSchema = z.object({
  /** The file's name in the kept folder (ours). */
  name: z.string().regex(/^[\w.-]+$/),
  fileName: z.string().min(1),
  mediaType: z.string().min(1),
  durationSeconds: z.number().optional(),
});
const markerSchema = z.object({ jobId: z.string(), keptAt: z.string(), output: keptFileSchema, attachments: z.array(keptFileSchema) });

/** A folder's marker, checked; a missing or unreadable one fails the check. */
async function readMarker(dir: string) {
  const text = await readFile(join(dir, MARKER), 'utf8').catch(() => '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return markerSchema.safeParse(value);
}

const PREFIX = 'kept-';
export const keptDirOf = (workDir: string, jobId: string): string => join(workDir, `${PREFIX}${jobId}`);

/** Moves a finished result's files out of the job's folder into its kept folder, and marks it complete. */
export async function keepOutputs(workDir: string, jobId: string, result: OperationResult, now = new Date()): Promise<void> {
  const dir = keptDirOf(workDir, jobId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  const move = async (file: OperationOutput, index: number) => {
    const name = `out-${index}${extname(file.path).replace(/[^\w.]/g, '')}`;
    await rename(file.path, join(dir, name));
    return { name, fileName: file.fileName, mediaType: file.mediaType, ...(file.durationSeconds === undefined ? {} : { durationSeconds: file.durationSeconds }) };
  };
  const files = await Promise.all([result.output, ...(result.attachments ?? [])].map(move));
  const [output, ...attachments] = files;
  const marker = markerSchema.parse({ jobId, keptAt: now.toISOString(), output, attachments });
  await writeFile(join(dir, `${MARKER}.part`), JSON.stringify(marker));
  await rename(join(dir, `${MARKER}.part`), join(dir, MARKER));
  await pruneKept(workDir, now.getTime(), dir);
}

/** The result an earlier try of this job kept on this worker, if it is complete and fresh. */
export async function findKeptOutputs(workDir: string, jobId: string, now = Date.now()): Promise<OperationResult | undefined> {
  const dir = keptDirOf(workDir, jobId);
  const marker = await readMarker(dir);
  if (!marker.success) return undefined;
  if (marker.data.jobId !== jobId || now - Date.parse(marker.data.keptAt) > KEPT_MAX_AGE_MS) {
    await dropKept(workDir, jobId);
    return undefined;
  }
  const toOutput = (file: z.infer<typeof keptFileSchema>): OperationOutput => ({
    path: join(dir, file.name),
    fileName: file.fileName,
    mediaType: file.mediaType,
    ...(file.durationSeconds === undefined ? {} : { durationSeconds: file.durationSeconds }),
  });
  const result = { output: toOutput(marker.data.output), attachments: marker.data.attachments.map(toOutput) };
  // A file gone from under the marker (a disk cleaned by hand): the job runs again instead.
  const present = await Promise.all([result.output, ...result.attachments].map((file) => stat(file.path).then(() => true, () => false)));
  if (present.includes(false)) {
    await dropKept(workDir, jobId);
    return undefined;
  }
  return result;
}

/** Removes a job's kept result: stored at last, or the job ended otherwise. */
export async function dropKept(workDir: string, jobId: string): Promise<void> {
  await rm(keptDirOf(workDir, jobId), { recursive: true, force: true });
}

/**
 * Removes kept folders past their age, unfinished ones past their grace,
 * and the oldest beyond the most one worker holds (`spare` is never
 * removed: the folder just kept). Answers how many went.
 */
export async function pruneKept(workDir: string, now = Date.now(), spare?: string): Promise<number> {
  const names = (await readdir(workDir).catch(() => [] as string[])).filter((name) => name.startsWith(PREFIX));
  const folders = await Promise.all(
    names.map(async (name) => {
      const dir = join(workDir, name);
      const marker = await readMarker(dir);
      const modified = await stat(dir).then((s) => s.mtimeMs, () => 0);
      return { dir, keptAt: marker.success ? Date.parse(marker.data.keptAt) : undefined, modified };
    }),
  );
  const stale = (f: (typeof folders)[number]) =>
    f.keptAt === undefined ? now - f.modified > UNFINISHED_GRACE_MS : now - f.keptAt > KEPT_MAX_AGE_MS;
  const fresh = folders.filter((f) => f.keptAt !== undefined && !stale(f)).sort((a, b) => (b.keptAt ?? 0) - (a.keptAt ?? 0));
  const surplus = new Set(fresh.filter((f) => f.dir !== spare).slice(Math.max(0, KEPT_MAX_FOLDERS - (spare ? 1 : 0))).map((f) => f.dir));
  const doomed = folders.filter((f) => f.dir !== spare && (stale(f) || surplus.has(f.dir)));
  await Promise.all(doomed.map((f) => rm(f.dir, { recursive: true, force: true })));
  return doomed.length;
}
