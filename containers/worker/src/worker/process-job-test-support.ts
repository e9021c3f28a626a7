import { copyFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { mediaJobMessageSchema, type MediaJobMessage } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { JobOutput, JobRecord, JobRepository, MediaStorage } from '@frameforge/functions/jobs';

/** A job message as the API sends it, its inputs stored under `k<index>`. */
export function jobMessage(type: MediaJobMessage['type'], params: Record<string, unknown>, inputs: { role: string; fileName: string }[]): MediaJobMessage {
  return mediaJobMessageSchema.parse({
    type,
    jobId: crypto.randomUUID(),
    userId: 'user-1',
    tier: 'elite',
    params,
    inputs: inputs.map((input, index) => ({ ...input, key: `k${index}`, size: 1 })),
  });
}

/** The record the API stores for the job of `message`: the worker reads its operation, inputs and tier from it. */
export function recordOf(message: MediaJobMessage): JobRecord {
  return {
    id: message.jobId,
    userId: message.userId,
    status: 'queued',
    progress: 0,
    attempts: 0,
    endpoint: message.type,
    tier: message.tier,
    params: message.params,
    inputs: message.inputs,
    ...(message.requestId ? { requestId: message.requestId } : {}),
    ...(message.mode ? { mode: message.mode } : {}),
  } as JobRecord;
}

/** A jobs table in memory holding the job of `message`, queued, which keeps what the job ended with. */
export function memoryJobs(message: MediaJobMessage): { jobs: JobRepository; ended: { output?: JobOutput; error?: unknown } } {
  const record = recordOf(message);
  const ended: { output?: JobOutput; error?: unknown } = {};
  const answers: Partial<Record<keyof JobRepository, (...args: never[]) => unknown>> = {
    get: () => record,
    claim: () => true,
    extendLease: () => true,
    complete: (_id: string, output: JobOutput) => (ended.output = output),
    fail: (_id: string, error: unknown) => (ended.error = error),
  };
  const jobs = new Proxy({} as JobRepository, {
    get: (_target, method: keyof JobRepository) => async (...args: never[]) => answers[method]?.(...args),
  });
  return { jobs, ended };
}

/** Storage on local folders: inputs read from the files given by key, outputs copied into `outDir`. */
export function folderStorage(files: Record<string, string>, outDir: string): MediaStorage {
  const unused = () => Promise.reject(new Error('not used by the worker'));
  return {
    downloadToFile: (key, path) => copyFile(files[key] ?? '', path),
    uploadFromFile: async (_key, path) => {
      await copyFile(path, join(outDir, basename(path)));
      return (await stat(path)).size;
    },
    putInput: unused,
    signedDownloadUrl: unused,
    readObject: unused,
    deleteObjects: () => Promise.resolve(),
  };
}
