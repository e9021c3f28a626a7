import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { JobOutput, JobRecord, JobRepository, JobSlots, MediaStorage } from '@frameforge/functions/jobs';
import { providerConfigSchema } from '../config';
import { createProviders } from '../providers';
import { CancelWatch } from './cancel-watch';
import { keptDirOf } from './kept-outputs';
import { processJob } from './process-job';
import { folderStorage, jobMessage, recordOf } from './process-job-test-support';

const exec = promisify(execFile);
const providers = createProviders(providerConfigSchema.parse({}));
let work: string;
let clip: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'process-job-cancel-'));
  clip = join(work, 'clip.mp4');
  // Long enough that its re-encode runs for many seconds on any machine: the cancel always lands mid-run.
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=60:size=640x360:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * A job table in memory whose writes hold under the conditions the real
 * one's do: completing needs the job processing, as canceling needs it
 * queued or processing, so a race of the two ends in one state.
 */
function conditionalJobs(record: JobRecord) {
  const calls = { completed: 0, failed: 0, progress: 0 };
  const jobs = {
    get: () => Promise.resolve({ ...record }),
    claim: () => Promise.resolve(((record.status = 'processing'), true)),
    extendLease: () => Promise.resolve(record.status === 'processing'),
    releaseLease: () => Promise.resolve(),
    updateProgress: () => Promise.resolve(void (calls.progress += 1)),
    complete: (_id: string, output: JobOutput) => {
      if (record.status !== 'processing') return Promise.reject(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
      Object.assign(record, { status: 'completed', output });
      return Promise.resolve(void (calls.completed += 1));
    },
    fail: () => Promise.resolve(void (calls.failed += 1)),
  } as unknown as JobRepository;
  const cancel = () => {
    if (record.status === 'queued' || record.status === 'processing') record.status = 'canceled';
  };
  return { jobs, calls, cancel };
}

function slotsOf() {
  const held = new Set<string>();
  const slots: JobSlots = {
    acquire: (_user, jobId) => Promise.resolve(void held.add(jobId)).then(() => true),
    renew: () => Promise.resolve(),
    release: (_user, jobId) => Promise.resolve(void held.delete(jobId)),
  };
  return { slots, held };
}

/** The ffmpeg processes whose arguments name this job (its work folder holds the job id). */
async function ffmpegOf(jobId: string): Promise<string[]> {
  const { stdout } = await exec('pgrep', ['-a', '-f', `ffmpeg .*${jobId}`]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((line) => line.includes(jobId) && !line.includes('pgrep'));
}

async function setUp() {
  const message = jobMessage('crop', { w: 320, h: 240 }, [{ role: 'file', fileName: 'clip.mp4' }]);
  const record = recordOf(message);
  const workDir = await mkdtemp(join(work, 'work-'));
  const outDir = await mkdtemp(join(work, 'out-'));
  return { message, record, workDir, outDir, ...conditionalJobs(record), ...slotsOf() };
}

const until = async (condition: () => Promise<boolean> | boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a running job its owner cancels', () => {
  it('stops its ffmpeg within 2 s, frees its slot, removes its folder and stores, fails and retries nothing', async () => {
    const { message, record, workDir, outDir, jobs, calls, cancel, slots, held } = await setUp();
    const stored: string[] = [];
    const storage: MediaStorage = { ...folderStorage({ k0: clip }, outDir), uploadFromFile: (key) => Promise.resolve(void stored.push(key)).then(() => 1) };
    const log = { info: jest.fn(), warn: jest.fn() };
    // A quick cancel watch: the 2 s are the stop itself, not a default poll's wait on a loaded machine.
    const running = processJob(message, { jobs, storage, workDir, providers, slots, log, cancelPollMs: 250 });
    // Canceled once its ffmpeg runs and reports progress.
    await until(async () => calls.progress > 0 && (await ffmpegOf(message.jobId)).length > 0, 30_000);
    expect(held.has(message.jobId)).toBe(true);
    const canceledAt = Date.now();
    cancel();
    await expect(running).resolves.toBe('canceled');
    expect(Date.now() - canceledAt).toBeLessThan(2000);
    expect(await ffmpegOf(message.jobId)).toEqual([]);
    expect(held.has(message.jobId)).toBe(false);
    expect(record.status).toBe('canceled');
    expect(calls).toMatchObject({ completed: 0, failed: 0 });
    expect(stored).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
    expect(log.info).toHaveBeenCalledWith('job canceled by its owner: stopped, nothing kept', expect.anything());
  }, 60_000);

  it('ends canceled, not failed, when the cancel wins the race with its completion, keeping nothing', async () => {
    const { message, record, workDir, outDir, jobs, calls, cancel, slots, held } = await setUp();
    const stored = new Set<string>();
    let uploads = 0;
    const storage: MediaStorage = {
      ...folderStorage({ k0: clip }, outDir),
      // The cancel lands while the result is being stored: the completion that follows is refused.
      uploadFromFile: (key) => Promise.resolve(void (cancel(), stored.add(key), (uploads += 1))).then(() => 1),
      deleteObjects: (keys) => Promise.resolve(void keys.forEach((key) => stored.delete(key))),
    };
    // A slow cancel watch, so the refused completion is what finds the cancel.
    const outcome = await processJob(message, { jobs, storage, workDir, providers, slots, cancelPollMs: 3_600_000 });
    expect(outcome).toBe('canceled');
    expect(record.status).toBe('canceled');
    expect(calls).toMatchObject({ completed: 0, failed: 0 });
    expect(held.has(message.jobId)).toBe(false);
    // What it stored before the completion was refused is removed again.
    expect(uploads).toBe(1);
    expect(stored).toEqual(new Set());
    expect(existsSync(keptDirOf(workDir, message.jobId))).toBe(false);
    expect(await readdir(workDir)).toEqual([]);
  }, 120_000);
});

describe('the cancel watch', () => {
  it('aborts with a cancel reason once the record reads canceled, and not before', async () => {
    let status = 'processing';
    const watch = new CancelWatch({ get: () => Promise.resolve({ status } as JobRecord) }, 'job-1', 20);
    await expect(watch.confirm()).resolves.toBe(false);
    status = 'canceled';
    await until(() => watch.canceled.signal.aborted, 1000);
    watch.stop();
    expect(watch.canceled.signal.reason).toMatchObject({ name: 'JobCanceledError', message: 'Task job-1 was canceled by its owner.' });
  });

  it('treats a failed read as no news', async () => {
    const watch = new CancelWatch({ get: () => Promise.reject(new Error('throttled')) }, 'job-1', 3_600_000);
    await expect(watch.confirm()).resolves.toBe(false);
    watch.stop();
  });
});
