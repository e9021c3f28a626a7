import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTestVideo, probeDuration } from '../../support/media';
import { runJob } from '../../support/worker-jobs';

const exec = promisify(execFile);
/** One frame at 25 fps: the joins may differ from the sum by up to that. */
const FRAME = 1 / 25;
const FAST = { v_preset: 'ultrafast' };
let first = '';
let second = '';
let small = '';

interface Stream { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string; avg_frame_rate?: string; sample_rate?: string; channels?: number; bit_rate?: string }

async function streamsOf(path: string): Promise<Stream[]> {
  const entries = 'stream=codec_type,codec_name,width,height,pix_fmt,avg_frame_rate,sample_rate,channels,bit_rate';
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', path]);
  return (JSON.parse(stdout) as { streams: Stream[] }).streams;
}

const files = (...paths: string[]) => paths.map((path) => ({ role: 'files' as const, path }));

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'op-merge-urls-'));
  [first, second, small] = [join(dir, 'first.mp4'), join(dir, 'second.mp4'), join(dir, 'small-silent.mp4')];
  await Promise.all([
    makeTestVideo(first, 2),
    makeTestVideo(second, 2),
    // Another size and frame rate, and no sound at all.
    exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=1.5:size=160x90:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', small]),
  ]);
});

describe('merge_urls through the queue', () => {
  it('joins two clips with a transition: clip1 + clip2 - duration, video and sound', async () => {
    const { job, output } = await runJob('merge_urls', { ...FAST, transition: 'fade', duration: '0.5' }, files(first, second));
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 3.5)).toBeLessThanOrEqual(FRAME + 0.01);
    const streams = await streamsOf(output ?? '');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240, pix_fmt: 'yuv420p' });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
  });

  it('joins with hard cuts without a transition, ignoring duration', async () => {
    const { job, output } = await runJob('merge_urls', { ...FAST, duration: '1' }, files(first, second));
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 4)).toBeLessThanOrEqual(FRAME + 0.01);
  });

  it('conforms a clip of another size and frame rate, without sound, to the first (emulated coverleft)', async () => {
    const { job, output } = await runJob('merge_urls', { ...FAST, transition: 'coverleft', duration: '0.5', match_source: 'true' }, files(first, small));
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 3)).toBeLessThanOrEqual(FRAME + 0.01);
    const streams = await streamsOf(output ?? '');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 320, height: 240, avg_frame_rate: '25/1' });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ sample_rate: '48000', channels: 2 });
  });

  it('applies v_crf and a_bitrate', async () => {
    const [fine, coarse] = await Promise.all([
      runJob('merge_urls', { ...FAST, v_crf: '10', a_bitrate: '192k' }, files(first, second)),
      runJob('merge_urls', { ...FAST, v_crf: '45', a_bitrate: '48k' }, files(first, second)),
    ]);
    expect([fine.job.status, coarse.job.status]).toEqual(['completed', 'completed']);
    const rate = async (path: string | undefined, type: string) => Number((await streamsOf(path ?? '')).find((s) => s.codec_type === type)?.bit_rate);
    expect(await rate(coarse.output, 'video')).toBeLessThan((await rate(fine.output, 'video')) / 4);
    const audio = await rate(coarse.output, 'audio');
    expect(audio).toBeGreaterThan(48_000 * 0.6);
    expect(audio).toBeLessThan(48_000 * 1.4);
    expect(await rate(fine.output, 'audio')).toBeGreaterThan(audio * 2);
  });

  it('refuses a bad transition_expr and an unknown transition with their codes', async () => {
    const [expr, name, arity] = await Promise.all([
      runJob('merge_urls', { transition: 'custom', transition_expr: "if(gt(X,W*P),B,A);movie='x'" }, files(first, second)),
      runJob('merge_urls', { transition: 'diagonaltl' }, files(first, second)),
      // Passes the whitelist, but FFmpeg's own parser refuses it.
      runJob('merge_urls', { ...FAST, transition: 'custom', transition_expr: 'if(A)' }, files(first, second)),
    ]);
    expect(arity.job.status).toBe('failed');
    expect(arity.job.error).toMatchObject({ code: 'invalid_transition_expr', param: 'transition_expr' });
    expect(expr.job.status).toBe('failed');
    expect(expr.job.error).toMatchObject({ code: 'invalid_transition_expr', param: 'transition_expr' });
    expect(name.job.status).toBe('failed');
    expect(name.job.error).toMatchObject({ code: 'invalid_transition', param: 'transition' });
  });
});
