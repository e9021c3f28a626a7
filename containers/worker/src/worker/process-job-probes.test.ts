import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { providerConfigSchema } from '../config';
import { ffprobe } from '../ffmpeg/probe';
import { createProviders } from '../providers';
import { processJob } from './process-job';
import { folderStorage, jobMessage, memoryJobs } from './process-job-test-support';

const exec = promisify(execFile);
const providers = createProviders(providerConfigSchema.parse({}));
let dir: string;
const clips: string[] = [];

/** A small clip with picture and sound, made by ffmpeg, as a caller would upload it. */
async function makeClip(path: string, seconds: number, source: string): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `${source}=duration=${seconds}:size=160x120:rate=25`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

async function formatDuration(path: string): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'process-job-probes-'));
  const sources = ['testsrc2', 'smptebars', 'rgbtestsrc'];
  clips.push(...sources.map((_source, index) => join(dir, `clip-${index}.mp4`)));
  await Promise.all(sources.map((source, index) => makeClip(clips[index] ?? '', 1 + index * 0.5, source)));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => jest.restoreAllMocks());

/** Runs a job end to end and answers the file each ffprobe run read, and the job's stored output. */
async function runCounted(message: ReturnType<typeof jobMessage>, files: string[]) {
  const outDir = await mkdtemp(join(dir, 'out-'));
  const { jobs, ended } = memoryJobs(message);
  const storage = folderStorage(Object.fromEntries(files.map((file, index) => [`k${index}`, file])), outDir);
  const runs = jest.spyOn(ffprobe, 'run');
  const outcome = await processJob(message, { jobs, storage, workDir: dir, providers });
  const probed = runs.mock.calls.map(([args]) => args.at(-1) ?? '');
  runs.mockRestore();
  return { outcome, probed, ended, stored: join(outDir, ended.output?.fileName ?? '') };
}

describe('each input of a job is probed once', () => {
  it('a cut runs ffprobe once, on its one input, and reports the length it cut', async () => {
    const message = jobMessage('cut', { start: 0.2, duration: 0.6 }, [{ role: 'file', fileName: 'clip.mp4' }]);
    const { outcome, probed, ended, stored } = await runCounted(message, [clips[0] ?? '']);
    expect(ended.error).toBeUndefined();
    expect(outcome).toBe('done');
    expect(probed).toHaveLength(1);
    expect(probed[0]).toMatch(/in-0\.mp4$/);
    expect(ended.output?.duration).toBeCloseTo(await formatDuration(stored), 1);
  });

  it('a merge of three runs ffprobe three times, once on each input, and reports the joined length', async () => {
    const files = [{ role: 'files', fileName: 'a.mp4' }, { role: 'files', fileName: 'b.mp4' }, { role: 'files', fileName: 'c.mp4' }];
    const message = jobMessage('merge', {}, files);
    const { outcome, probed, ended, stored } = await runCounted(message, clips);
    expect(ended.error).toBeUndefined();
    expect(outcome).toBe('done');
    expect(probed).toHaveLength(3);
    expect(probed.map((path) => /in-(\d)\.mp4$/.exec(path)?.[1]).sort()).toEqual(['0', '1', '2']);
    expect(ended.output?.duration).toBeCloseTo(await formatDuration(stored), 1);
  });

  it('a merge_urls of two with a transition runs ffprobe twice', async () => {
    const files = [{ role: 'files', fileName: 'a.mp4' }, { role: 'files', fileName: 'b.mp4' }];
    const message = jobMessage('merge_urls', { transition: 'fade', duration: 0.3, v_preset: 'ultrafast' }, files);
    const { outcome, probed, ended, stored } = await runCounted(message, clips.slice(0, 2));
    expect(ended.error).toBeUndefined();
    expect(outcome).toBe('done');
    expect(probed).toHaveLength(2);
    expect(ended.output?.duration).toBeCloseTo(await formatDuration(stored), 1);
  });
});
