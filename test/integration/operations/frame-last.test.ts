import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTestVideo } from '../../support/media';
import { runJob } from '../../support/worker-jobs';

const exec = promisify(execFile);
let video = '';
let sound = '';

async function imageOf(path: string): Promise<{ codec: string; width: number; height: number }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', path]);
  const [stream] = (JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[] }).streams;
  return { codec: stream?.codec_name ?? '', width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

async function frame(params: Record<string, unknown>): Promise<string> {
  const { job, output } = await runJob('frame_last', params, [{ role: 'file', path: video }]);
  expect(job.status).toBe('completed');
  expect(job.output?.mediaType).toBe('image/jpeg');
  expect(job.output?.fileName).toMatch(/\.jpg$/);
  return output ?? '';
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'op-frame-last-'));
  video = join(dir, 'source.mp4');
  sound = join(dir, 'sound.m4a');
  await makeTestVideo(video, 2);
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', sound]);
});

describe('frame_last through the queue', () => {
  it('is a JPEG of the video\'s size by default, and keeps the aspect ratio with width only', async () => {
    expect(await imageOf(await frame({}))).toEqual({ codec: 'mjpeg', width: 320, height: 240 });
    expect(await imageOf(await frame({ width: '160' }))).toEqual({ codec: 'mjpeg', width: 160, height: 120 });
  });

  it('takes a different frame further back, and retries when epsilon is shorter than a frame', async () => {
    const last = readFileSync(await frame({ epsilon: '0.12' }));
    const earlier = readFileSync(await frame({ epsilon: '1.5' }));
    expect(last.equals(earlier)).toBe(false);
    expect(await imageOf(await frame({ epsilon: '0.001' }))).toEqual({ codec: 'mjpeg', width: 320, height: 240 });
  });

  it('writes a smaller file at jpg_quality 31 than at 2', async () => {
    const best = statSync(await frame({ jpg_quality: '2' })).size;
    const worst = statSync(await frame({ jpg_quality: '31' })).size;
    expect(worst).toBeLessThan(best);
  });

  it('refuses audio without a picture', async () => {
    const { job } = await runJob('frame_last', {}, [{ role: 'file', path: sound }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'no_video_stream', param: 'file' });
  });
});
