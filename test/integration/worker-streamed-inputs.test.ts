import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { S3MediaStorage, S3PartUploads, withUnsignedPayloads } from '@frameforge/functions/jobs';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from '@frameforge/local-stack/emulators/s3/test-kit';
import { providerConfigSchema } from '@frameforge/worker/config';
import { ffprobe, probeMedia } from '@frameforge/worker/ffmpeg/probe';
import { createProviders } from '@frameforge/worker/providers/index';
import { StorageFailedError } from '@frameforge/worker/worker/failure-causes';
import { diskSpaceOf, type DiskSpaceOf } from '@frameforge/worker/worker/scratch-space';
import { processJob } from '@frameforge/worker/worker/process-job';
import { jobMessage, memoryJobs } from '@frameforge/worker/worker/process-job-test-support';

const exec = promisify(execFile);
const providers = createProviders(providerConfigSchema.parse({}));
const MiB = 1024 ** 2;
let dir: string;
let s3: TestEmulator;
let storage: S3MediaStorage;
let partUploads: S3PartUploads;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'process-job-streamed-'));
  s3 = await startTestEmulator();
  const client = withUnsignedPayloads(s3.client({ requestChecksumCalculation: 'WHEN_REQUIRED' }));
  storage = new S3MediaStorage(client, TEST_BUCKET, { partSizeBytes: 5 * MiB, queueSize: 2 });
  partUploads = new S3PartUploads(client, TEST_BUCKET);
  const clip = join(dir, 'clip.mp4');
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=duration=4:size=640x360:rate=25,noise=alls=40:allf=t',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
  ]);
  await storage.putInput('k0', await readFile(clip), 'video/mp4');
}, 120_000);
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => jest.restoreAllMocks());

async function storedOutput(key: string): Promise<string> {
  const path = join(dir, `stored-${Date.now()}.mp4`);
  await writeFile(path, await storage.readObject(key));
  return path;
}

/**
 * Runs a job whose stored input is streamed, noting the files in the job's folder each time the
 * disk is measured: once before the inputs come in, again once they are admitted, just before ffmpeg runs.
 */
async function runStreamed(message: ReturnType<typeof jobMessage>) {
  const workDir = await mkdtemp(join(dir, 'work-'));
  const { jobs, ended } = memoryJobs(message);
  const probes = jest.spyOn(ffprobe, 'run');
  const jobFiles: string[][] = [];
  const diskSpace: DiskSpaceOf = async (jobDir) => (jobFiles.push((await readdir(jobDir)).map(String)), diskSpaceOf(jobDir));
  const outcome = await processJob(message, { jobs, storage, partUploads, partBytes: 5 * MiB, streamInputs: true, workDir, providers, diskSpace });
  return { outcome, ended, probes, jobFiles };
}

describe('a crop whose input is read from storage as ffmpeg goes', () => {
  it('probes and reads the stored input through a signed URL, and downloads nothing', async () => {
    const { outcome, ended, probes, jobFiles } = await runStreamed(jobMessage('crop', { w: 320, h: 180 }, [{ role: 'file', fileName: 'clip.mp4' }]));
    expect(ended.error).toBeUndefined();
    expect(outcome).toBe('done');
    expect(probes.mock.calls.map(([args]) => args.at(-1))).toEqual([expect.stringMatching(new RegExp(`^${s3.endpoint}/${TEST_BUCKET}/k0\\?`))]);
    // The input never came down to the worker's disk.
    expect(jobFiles).toEqual([[], []]);
    const stored = await storedOutput(ended.output?.key ?? '');
    expect(await probeMedia(stored)).toMatchObject({ hasVideo: true, hasAudio: true, width: 320, height: 180 });
    expect(ended.output?.size).toBe((await stat(stored)).size);
  }, 120_000);

  it('takes the last frame of a stored input through a signed URL, and downloads nothing', async () => {
    const { outcome, ended, probes, jobFiles } = await runStreamed(jobMessage('frame_last', { width: 320 }, [{ role: 'file', fileName: 'clip.mp4' }]));
    expect(ended.error).toBeUndefined();
    expect(outcome).toBe('done');
    expect(probes.mock.calls.map(([args]) => args.at(-1))).toEqual([expect.stringMatching(new RegExp(`^${s3.endpoint}/${TEST_BUCKET}/k0\\?`))]);
    expect(jobFiles).toEqual([[], []]);
    const frame = join(dir, `frame-${Date.now()}.jpg`);
    await writeFile(frame, await storage.readObject(ended.output?.key ?? ''));
    expect(ended.output).toMatchObject({ mediaType: 'image/jpeg' });
    // A still: the worker's probe admits videos and sounds only, so ffprobe reads its size directly.
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', frame]);
    expect(stdout.trim()).toBe('mjpeg,320,180');
  }, 120_000);

  it("blames the caller's file when the stored input is not media, once the same signed URL reads again", async () => {
    const workDir = await mkdtemp(join(dir, 'work-'));
    await storage.putInput('not-media', Buffer.from('plain text, not a video\n'.repeat(64)), 'video/mp4');
    const message = jobMessage('crop', { w: 320, h: 180 }, [{ role: 'file', fileName: 'clip.mp4' }]);
    const unreadable = { ...message, inputs: message.inputs.map((input) => ({ ...input, key: 'not-media' })) };
    const { jobs, ended } = memoryJobs(unreadable);
    const reads = jest.spyOn(globalThis, 'fetch');
    const signings = jest.spyOn(storage, 'signedDownloadUrl');
    // The caller's fault ends the task at once: no retry, nothing thrown back to the queue.
    await processJob(unreadable, { jobs, storage, partUploads, partBytes: 5 * MiB, streamInputs: true, workDir, providers, diskSpace: diskSpaceOf });
    expect(ended.error).toMatchObject({ code: 'invalid_media', param: 'file' });
    // The first byte is read before the probe and again after it said "unreadable": through one URL, signed once.
    const urls = reads.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`${s3.endpoint}/${TEST_BUCKET}/not-media?`));
    expect(urls).toHaveLength(2);
    expect(new Set(urls).size).toBe(1);
    expect(signings).toHaveBeenCalledTimes(1);
  }, 120_000);

  it('fails as our storage failing, not as a bad input, when storage stops while ffmpeg reads it', async () => {
    const workDir = await mkdtemp(join(dir, 'work-'));
    const message = jobMessage('cut', { start: 0, duration: 3.5 }, [{ role: 'file', fileName: 'clip.mp4' }]);
    const { jobs, ended } = memoryJobs(message);
    // Storage goes away once the input is admitted, just before ffmpeg starts reading it.
    let looks = 0;
    const diskSpace: DiskSpaceOf = async (jobDir) => (++looks === 2 && (await s3.emulator.close()), diskSpaceOf(jobDir));
    const run = processJob(message, { jobs, storage, streamInputs: true, workDir, providers, diskSpace });
    await expect(run).rejects.toBeInstanceOf(StorageFailedError);
    await expect(run).rejects.toMatchObject({ stage: 'input', jobError: { code: 'storage_failed' } });
    expect(ended.error).toBeUndefined();
  }, 120_000);
});
