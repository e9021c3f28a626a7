import { execFile } from 'node:child_process';
import { link, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaJobMessageSchema, type MediaEndpoint } from '@frameforge/functions/contracts/media-jobs';
import { operations } from '../../containers/worker/src/operations';
import type { Operation } from '../../containers/worker/src/operations/operation';

const exec = promisify(execFile);

/** A 1080p clip with sound, the size the worker's overhead is judged on. */
export async function makeHdClip(path: string, seconds: number, color = 'testsrc2'): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `${color}=duration=${seconds}:size=1920x1080:rate=30`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

export interface OverheadCase {
  label: string;
  type: MediaEndpoint;
  params: Record<string, unknown>;
  files: { role: 'file' | 'files'; path: string }[];
}

/**
 * The same operation run in this process on the same local files: ffmpeg's
 * own work (probe and encode) without the queue, storage and job records.
 */
export async function runDirect(work: string, item: OverheadCase): Promise<void> {
  const job = mediaJobMessageSchema.parse({
    type: item.type,
    jobId: '00000000-0000-4000-8000-000000000000',
    userId: 'bench',
    tier: 'elite',
    params: item.params,
    inputs: item.files.map((f, i) => ({ role: f.role, key: `k${i}`, fileName: `in-${i}.mp4`, size: 1 })),
  });
  const dir = await mkdtemp(join(work, 'direct-'));
  try {
    const operation = operations[item.type] as Operation<typeof item.type> | undefined;
    if (!operation) throw new Error(`the worker has no ${item.type} operation`);
    // A fresh name per round, as every job's inputs have: the probe is part of the work, not remembered from the last round.
    const inputs = await Promise.all(
      job.inputs.map(async (input, i) => {
        const path = join(dir, `in-${i}.mp4`);
        await link(item.files[i]?.path ?? '', path);
        return { ...input, path };
      }),
    );
    await operation({ job: job as never, inputs, dir, onProgress: () => undefined });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
