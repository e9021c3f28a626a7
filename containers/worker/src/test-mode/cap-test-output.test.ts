import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { capTestOutput } from './cap-test-output';

const exec = promisify(execFile);
let dir: string;

/** A flat black clip: any light pixel in the capped copy is the watermark. */
async function makeVideo(path: string, seconds: number, size: string): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=black:duration=${seconds}:size=${size}:rate=25`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

async function probe(path: string): Promise<{ duration: number; height: number | undefined; width: number | undefined; comment: string | undefined; video: boolean }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:format_tags=comment:stream=codec_type,width,height', '-of', 'json', path]);
  const json = JSON.parse(stdout) as { format: { duration: string; tags?: { comment?: string } }; streams: { codec_type: string; width?: number; height?: number }[] };
  const video = json.streams.find((s) => s.codec_type === 'video');
  return { duration: Number(json.format.duration), height: video?.height, width: video?.width, comment: json.format.tags?.comment, video: Boolean(video) };
}

/** The brightest luma value of the frame at `second` (a still's only frame without one), from a grey copy of it. */
async function brightestLuma(path: string, second?: number): Promise<number> {
  const seek = second === undefined ? [] : ['-ss', String(second)];
  const { stdout } = await exec('ffmpeg', ['-v', 'error', ...seek, '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (stdout.length === 0) throw new Error(`no frame decoded from ${path}`);
  return stdout.reduce((brightest, luma) => Math.max(brightest, luma), 0);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cap-test-output-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a test key’s output', () => {
  it('is cut to 10 s, scaled down to 480 lines and watermarked, picture and sound', async () => {
    const source = join(dir, 'long.mp4');
    await makeVideo(source, 12, '1280x720');
    expect(await brightestLuma(source, 1)).toBeLessThan(40);
    const result = await capTestOutput({ output: { path: source, fileName: 'cut-1.mp4', mediaType: 'video/mp4', durationSeconds: 12 } }, { dir });
    expect(result.output.durationSeconds).toBe(TEST_MODE.maxOutputSeconds);
    expect(result.output.fileName).toBe('cut-1.mp4');
    const capped = await probe(result.output.path);
    expect(capped.duration).toBeGreaterThan(9.9);
    expect(capped.duration).toBeLessThan(10.1);
    expect(capped).toMatchObject({ height: 480, width: 854, comment: TEST_MODE.watermark });
    expect(await brightestLuma(result.output.path, 5)).toBeGreaterThan(150);
  }, 60_000);

  it('keeps a small picture’s size: the cap never scales up', async () => {
    const source = join(dir, 'small.mp4');
    await makeVideo(source, 2, '320x240');
    const result = await capTestOutput({ output: { path: source, fileName: 'crop-1.mp4', mediaType: 'video/mp4', durationSeconds: 2 } }, { dir });
    expect(result.output.durationSeconds).toBe(2);
    expect(await probe(result.output.path)).toMatchObject({ height: 240, width: 320, comment: TEST_MODE.watermark });
  }, 60_000);

  it('caps sound only by its length, even in a video container', async () => {
    const source = join(dir, 'sound.mp4');
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=14', '-c:a', 'aac', source]);
    const result = await capTestOutput({ output: { path: source, fileName: 'cut-2.mp4', mediaType: 'video/mp4', durationSeconds: 14 } }, { dir });
    const capped = await probe(result.output.path);
    expect(capped.video).toBe(false);
    expect(capped.duration).toBeLessThan(10.1);
    expect(result.output.durationSeconds).toBe(10);
  }, 60_000);

  it('watermarks a still and scales it down', async () => {
    const source = join(dir, 'frame.jpg');
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:size=1920x1080', '-frames:v', '1', source]);
    const result = await capTestOutput({ output: { path: source, fileName: 'frame-last-1.jpg', mediaType: 'image/jpeg' } }, { dir });
    expect(result.output.durationSeconds).toBeUndefined();
    expect(await probe(result.output.path)).toMatchObject({ height: 480 });
    expect(await brightestLuma(result.output.path)).toBeGreaterThan(150);
  }, 60_000);

  it('leaves a result that is no media as it is', async () => {
    const source = join(dir, 'voices.json');
    await writeFile(source, '{"voices":[]}');
    const result = { output: { path: source, fileName: 'voices.json', mediaType: 'application/json' } };
    expect(await capTestOutput(result, { dir })).toBe(result);
  });
});
