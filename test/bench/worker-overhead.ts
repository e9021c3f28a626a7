import { execFile } from 'node:child_process';
import { link, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaJobMessageSchema, type MediaEndpoint } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { admitInputs } from '@frameforge/worker/admission/admit-inputs';
import { providerConfigSchema } from '@frameforge/worker/config';
import { inspectMedia } from '@frameforge/worker/ffmpeg/probe';
import { operations } from '@frameforge/worker/operations/index';
import type { Operation } from '@frameforge/worker/operations/operation';
import { createProviders } from '@frameforge/worker/providers/index';

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

const providers = createProviders(providerConfigSchema.parse({}));

/**
 * The same operation run in this process on the same local files: ffmpeg's
 * own work (probe, admission and encode) without the queue, storage and job records.
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
    const operation = operations[item.type] as Operation<typeof item.type>;
    // Each input is probed once, as it arrives, and admitted as the worker admits it.
    const arrived = await Promise.all(
      job.inputs.map(async (input, i) => {
        const path = join(dir, `in-${i}.mp4`);
        await link(item.files[i]?.path ?? '', path);
        return { ...input, path, inspection: inspectMedia(path) };
      }),
    );
    const { inputs } = await admitInputs(arrived, job.tier);
    await operation({ job: job as never, inputs, dir, onProgress: () => undefined, providers });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
