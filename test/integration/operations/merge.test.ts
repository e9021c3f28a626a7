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
let dir = '';
let first = '';
let second = '';

interface Stream { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number; pix_fmt?: string; avg_frame_rate?: string; sample_rate?: string; channels?: number }

async function streamsOf(path: string): Promise<Stream[]> {
  const entries = 'stream=codec_type,codec_name,profile,width,height,pix_fmt,avg_frame_rate,sample_rate,channels';
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', path]);
  return (JSON.parse(stdout) as { streams: Stream[] }).streams;
}

/**
 * The video packets' sizes, keyframes apart: a stream copy keeps the others
 * byte for byte (keyframes gain the in-band parameter sets the concat demuxer adds).
 */
async function packetSizes(path: string): Promise<{ count: number; inter: string[] }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size,flags', '-of', 'csv=p=0', path]);
  const rows = stdout.trim().split('\n').map((line) => line.split(','));
  return { count: rows.length, inter: rows.filter(([, flags]) => !flags?.startsWith('K')).map(([size]) => size ?? '') };
}

async function joinedPackets(...paths: string[]): Promise<{ count: number; inter: string[] }> {
  const each = await Promise.all(paths.map(packetSizes));
  return { count: each.reduce((n, p) => n + p.count, 0), inter: each.flatMap((p) => p.inter) };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'op-merge-'));
  first = join(dir, 'first.mp4');
  second = join(dir, 'second.mp4');
  await Promise.all([makeTestVideo(first, 2), makeTestVideo(second, 1)]);
});

describe('merge through the queue', () => {
  it('joins matching inputs by stream copy, in order', async () => {
    const { job, output } = await runJob('merge', {}, [{ role: 'files', path: first }, { role: 'files', path: second }]);
    expect(job.status).toBe('completed');
    const video = (await streamsOf(output ?? '')).find((s) => s.codec_type === 'video');
    expect(video).toEqual((await streamsOf(first)).find((s) => s.codec_type === 'video'));
    expect(await packetSizes(output ?? '')).toEqual(await joinedPackets(first, second));
    const total = (await probeDuration(first)) + (await probeDuration(second));
    expect(Math.abs((await probeDuration(output ?? '')) - total)).toBeLessThanOrEqual(FRAME + 1e-3);
  });

  it('re-encodes mismatched inputs to the first one\'s size, with silence for a clip without sound', async () => {
    const large = join(dir, 'large-silent.mp4');
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x360:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', large]);
    const { job, output } = await runJob('merge', {}, [{ role: 'files', path: first }, { role: 'files', path: large }]);
    expect(job.status).toBe('completed');
    const streams = await streamsOf(output ?? '');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240, pix_fmt: 'yuv420p', avg_frame_rate: '25/1' });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    const total = (await probeDuration(first)) + (await probeDuration(large));
    expect(Math.abs((await probeDuration(output ?? '')) - total)).toBeLessThanOrEqual(FRAME + 1e-3);
  });

  it('re-encodes matching inputs when asked', async () => {
    const { job, output } = await runJob('merge', { reencode: 'true' }, [{ role: 'files', path: first }, { role: 'files', path: second }]);
    expect(job.status).toBe('completed');
    expect((await packetSizes(output ?? '')).inter).not.toEqual((await joinedPackets(first, second)).inter);
  });

  it('refuses fewer than two files', async () => {
    const { job } = await runJob('merge', {}, [{ role: 'files', path: first }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'too_few_inputs', param: 'files' });
  });
});
