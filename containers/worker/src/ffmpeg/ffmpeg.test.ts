import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cutArgs, cutLength } from '../operations/cut/cut-args';
import { probeMedia } from './probe';
import { FfmpegFailedError, runFfmpeg } from './run-ffmpeg';

const dir = mkdtempSync(join(tmpdir(), 'frameforge-ffmpeg-'));
const video = join(dir, 'in.mp4');
const audio = join(dir, 'in.wav');

beforeAll(() => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine=duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', video]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=3', audio]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ffmpeg cut, with real ffmpeg', () => {
  it('probes what a file holds', async () => {
    const probe = await probeMedia(video);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 160, height: 120 });
    expect(probe?.durationSeconds).toBeCloseTo(4, 0);
  });

  it('cuts a video to the exact duration and reports progress', async () => {
    const probe = (await probeMedia(video))!;
    const out = join(dir, 'cut.mp4');
    const progress: number[] = [];
    const params = { start: 1, duration: 2 };
    await runFfmpeg({ args: cutArgs(video, out, params, probe), expectedSeconds: cutLength(params, probe), onProgress: (p) => progress.push(p) });
    const result = await probeMedia(out);
    expect(result?.durationSeconds).toBeCloseTo(2, 1);
    expect(result?.hasVideo).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.max(...progress)).toBeLessThanOrEqual(99);
  });

  it('cuts to the end when no duration is given', async () => {
    const probe = (await probeMedia(audio))!;
    expect(probe.hasVideo).toBe(false);
    const out = join(dir, 'tail.m4a');
    await runFfmpeg({ args: cutArgs(audio, out, { start: 1 }, probe) });
    expect((await probeMedia(out))?.durationSeconds).toBeCloseTo(2, 1);
    expect(cutLength({ start: 1 }, probe)).toBeCloseTo(2, 1);
  });

  it('refuses a file that is not media, with ffmpeg\'s own words as detail', async () => {
    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, 'definitely not a video');
    expect(await probeMedia(junk)).toBeUndefined();
    const error = await runFfmpeg({ args: ['-i', junk, join(dir, 'x.mp4')] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegFailedError);
    expect((error as FfmpegFailedError).detail).toMatch(/Invalid data|could not find|moov atom/i);
  });

  it('reads no network input: the protocol whitelist holds', async () => {
    const error = await runFfmpeg({ args: ['-i', 'http://127.0.0.1:9/x.mp4', join(dir, 'y.mp4')] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegFailedError);
    expect((error as FfmpegFailedError).detail).toMatch(/not on whitelist|Protocol/i);
  });
});
