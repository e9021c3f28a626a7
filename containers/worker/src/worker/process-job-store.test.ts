import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { MediaStorage } from '@frameforge/functions/jobs';
import { providerConfigSchema } from '../config';
import { ffprobe } from '../ffmpeg/probe';
import { createProviders } from '../providers';
import { DiskFullError, StorageFailedError } from './failure-causes';
import { keptDirOf } from './kept-outputs';
import { processJob, type ProcessDeps } from './process-job';
import { folderStorage, jobMessage, memoryJobs } from './process-job-test-support';

const exec = promisify(execFile);
const providers = createProviders(providerConfigSchema.parse({}));
let work: string;
let clip: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'process-job-store-'));
  clip = join(work, 'clip.mp4');
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x120:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
});
afterAll(() => rm(work, { recursive: true, force: true }));
afterEach(() => jest.restoreAllMocks());

/** Storage on folders whose store fails while `failing` says so, counting reads and stores. */
function flakyStorage(outDir: string, failing: () => boolean) {
  const inner = folderStorage({ k0: clip }, outDir);
  const counts = { reads: 0, stores: 0 };
  const s3Error = () => Object.assign(new Error('We encountered an internal error. Please try again.'), { name: 'InternalError', $metadata: { httpStatusCode: 500 } });
  const storage: MediaStorage = {
    ...inner,
    downloadToFile: (key, path) => {
      counts.reads += 1;
      return inner.downloadToFile(key, path);
    },
    uploadFromFile: (...args) => {
      counts.stores += 1;
      return failing() ? Promise.reject(s3Error()) : inner.uploadFromFile(...args);
    },
  };
  return { storage, counts };
}

async function setUp() {
  const message = jobMessage('cut', { start: 0, duration: 0.5 }, [{ role: 'file', fileName: 'clip.mp4' }]);
  const workDir = await mkdtemp(join(work, 'work-'));
  const outDir = await mkdtemp(join(work, 'out-'));
  return { message, workDir, outDir, ...memoryJobs(message) };
}

describe('storing a finished result', () => {
  it('tries the store again within the try, and completes once storage answers', async () => {
    const { message, workDir, outDir, jobs, ended } = await setUp();
    let failures = 2;
    const { storage, counts } = flakyStorage(outDir, () => failures-- > 0);
    const log = { info: jest.fn(), warn: jest.fn() };
    const deps: ProcessDeps = { jobs, storage, workDir, providers, storeRetryDelaysMs: [0, 0], log };
    await expect(processJob(message, deps)).resolves.toBe('done');
    expect(counts.stores).toBe(3);
    // Where the finished job's time went, stage by stage, the store's retries included.
    const stages = log.info.mock.calls.find(([text]) => text === 'job stages')?.[1] as { stages_ms: Record<string, number> };
    expect(Object.keys(stages.stages_ms).sort()).toEqual(['admission', 'inputs', 'operation', 'store']);
    expect(Object.values(stages.stages_ms).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    expect(ended.output?.fileName).toBeDefined();
    expect(existsSync(keptDirOf(workDir, message.jobId))).toBe(false);
  });

  it('keeps the result when every store fails, and the next try stores it without running the job again', async () => {
    const { message, workDir, outDir, jobs, ended } = await setUp();
    let down = true;
    const { storage, counts } = flakyStorage(outDir, () => down);
    const deps: ProcessDeps = { jobs, storage, workDir, providers, storeRetryDelaysMs: [0, 0] };

    const first = await processJob(message, deps).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(StorageFailedError);
    expect((first as StorageFailedError).jobError.code).toBe('storage_failed');
    expect(counts).toEqual({ reads: 1, stores: 3 });
    expect(await readdir(keptDirOf(workDir, message.jobId))).toEqual(expect.arrayContaining(['kept.json']));
    // Only the kept result is left behind, not the job's folder with its inputs.
    expect((await readdir(workDir)).filter((name) => name.startsWith('job-'))).toEqual([]);

    down = false;
    const probes = jest.spyOn(ffprobe, 'run');
    await expect(processJob(message, deps)).resolves.toBe('done');
    expect(probes).not.toHaveBeenCalled();
    expect(counts).toEqual({ reads: 1, stores: 4 });
    expect(ended.output).toMatchObject({ mediaType: 'video/mp4', duration: 0.5 });
    expect(existsSync(keptDirOf(workDir, message.jobId))).toBe(false);
  });
});

describe('the scratch disk before a job starts', () => {
  it('refuses a job that does not fit before any input is read', async () => {
    const { message, workDir, outDir, jobs, ended } = await setUp();
    const { storage, counts } = flakyStorage(outDir, () => false);
    const diskSpace = () => Promise.resolve({ freeBytes: 1024, totalBytes: 10 * 1024 ** 3 });
    const error = await processJob(message, { jobs, storage, workDir, providers, diskSpace }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiskFullError);
    expect(counts.reads).toBe(0);
    expect(ended.error).toBeUndefined();
  });

  it('turns a write the disk refused into insufficient_disk, tried again', async () => {
    const { message, workDir, outDir, jobs } = await setUp();
    const { storage } = flakyStorage(outDir, () => false);
    const full: MediaStorage = { ...storage, downloadToFile: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })) };
    const error = await processJob(message, { jobs, storage: full, workDir, providers }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiskFullError);
    expect((error as DiskFullError).jobError).toMatchObject({ code: 'insufficient_disk', message: "Error: the worker's disk filled up while the job ran." });
  });
});
