import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { probeDuration } from '../../support/media';
import { runJob } from '../../support/worker-jobs';

const exec = promisify(execFile);
let video = '';

/** A black 320x240 picture with a white 40x40 square in its centre, and a tone. */
async function makeBoxVideo(path: string): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-vf', 'drawbox=x=140:y=100:w=40:h=40:color=white:t=fill', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', path,
  ]);
}

async function streamsOf(path: string): Promise<{ codec_type: string; codec_name: string; width?: number; height?: number }[]> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height', '-of', 'json', path]);
  return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] }).streams;
}

/** The mean brightness (0-255) of the first frame. */
async function brightness(path: string): Promise<number> {
  const { stdout } = await exec('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { encoding: 'buffer', maxBuffer: 1 << 20 });
  return stdout.reduce((sum, byte) => sum + byte, 0) / stdout.length;
}

beforeAll(async () => {
  video = join(mkdtempSync(join(tmpdir(), 'op-crop-')), 'source.mp4');
  await makeBoxVideo(video);
});

describe('crop through the queue', () => {
  it('keeps a w x h rectangle for the whole length, with the sound copied', async () => {
    const { job, output } = await runJob('crop', { w: '160', h: '100', x: '0', y: '0' }, [{ role: 'file', path: video }]);
    expect(job.status).toBe('completed');
    const streams = await streamsOf(output ?? '');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 160, height: 100 });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs((await probeDuration(output ?? '')) - 2)).toBeLessThan(0.05);
    expect(await brightness(output ?? '')).toBeLessThan(40);
  });

  it('centres the rectangle by default, and rounds odd sides down to even', async () => {
    const centred = await runJob('crop', { w: '40', h: '40' }, [{ role: 'file', path: video }]);
    expect(centred.job.status).toBe('completed');
    expect(await brightness(centred.output ?? '')).toBeGreaterThan(200);
    const odd = await runJob('crop', { w: '101', h: '75' }, [{ role: 'file', path: video }]);
    expect(odd.job.status).toBe('completed');
    expect((await streamsOf(odd.output ?? '')).find((s) => s.codec_type === 'video')).toMatchObject({ width: 100, height: 74 });
  });

  it('refuses a rectangle outside the frame, naming the parameter at fault', async () => {
    const wide = await runJob('crop', { w: '400', h: '100' }, [{ role: 'file', path: video }]);
    expect(wide.job.status).toBe('failed');
    expect(wide.job.error).toMatchObject({ code: 'crop_out_of_bounds', param: 'w' });
    expect(wide.job.error?.message).toMatch(/^Error: .*320x240/);
    const shifted = await runJob('crop', { w: '100', h: '100', x: '250' }, [{ role: 'file', path: video }]);
    expect(shifted.job.error).toMatchObject({ code: 'crop_out_of_bounds', param: 'x' });
  });
});
