import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { probeDuration } from '../support/media';
import { runJob } from '../support/worker-jobs';

const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
const marker = `marker-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const markerPath = join(dir, 'marker.txt');
const at = (name: string) => join(dir, name);
const ffmpeg = (args: string[]) => exec('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Neither the job record nor any output may carry the marker file's content or a path of ours. */
function expectNoLeak(record: unknown, output?: string): void {
  const text = JSON.stringify(record);
  expect(text).not.toContain(marker);
  expect(text).not.toContain(dir);
  if (output) expect(readFileSync(output).includes(marker)).toBe(false);
}

/** Makes the movie header (mvhd) claim 5000 times the real length; the streams keep the truth. */
function lieAboutDuration(source: string, target: string): void {
  const data = readFileSync(source);
  const at = data.indexOf('mvhd');
  if (at < 0 || data[at + 4] !== 0) throw new Error('expected a version 0 mvhd box');
  data.writeUInt32BE(data.readUInt32BE(at + 20) * 5000, at + 20);
  writeFileSync(target, data);
}

beforeAll(async () => {
  writeFileSync(markerPath, `${marker}\n`);
  writeFileSync(at('playlist.mp4'), `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${markerPath}\n#EXT-X-ENDLIST\n`);
  writeFileSync(at('list.mp4'), `ffconcat version 1.0\nfile '${markerPath}'\n`);
  writeFileSync(at('stream.mp4'), 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=x\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=video 5004 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\n');
  writeFileSync(at('captions.mp4'), `1\n00:00:00,000 --> 00:00:02,000\n${marker}\n\n`);
  await Promise.all([
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', at('short.mp4')]),
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=321x241:rate=25', '-pix_fmt', 'yuv444p', '-c:v', 'libx264', '-preset', 'ultrafast', at('odd.mp4')]),
    // 3 minutes of 4K at 30 fps, made cheaply by copying 2 s of black 90 times.
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=3840x2160:r=30:d=2,format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '600', at('seg.mp4')]),
  ]);
  await ffmpeg(['-stream_loop', '89', '-i', at('seg.mp4'), '-c', 'copy', at('many-frames.mp4')]);
  lieAboutDuration(at('short.mp4'), at('lying.mp4'));
});

describe('hostile media is refused by what it really is', () => {
  it.each([
    ['an HLS playlist', 'playlist.mp4', 'hls'],
    ['an ffconcat list', 'list.mp4', 'concat'],
    ['an SDP description', 'stream.mp4', 'sdp'],
    ['a subtitle file', 'captions.mp4', 'srt'],
  ])('%s named .mp4 ends unsupported_format, reading nothing it names', async (_, file, format) => {
    const { job, output } = await runJob('cut', { duration: '1' }, [{ role: 'file', path: at(file) }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'unsupported_format', param: 'file' });
    expect(job.error?.message).toMatch(new RegExp(`^Error: the file input is a ${format} file`));
    expect(output).toBeUndefined();
    expectNoLeak(job);
  });
});

describe('admission by what the input holds', () => {
  it('admits a header that claims hours by the seconds it really holds', async () => {
    expect(await probeDuration(at('lying.mp4'))).toBeGreaterThan(9000);
    // The basic plan refuses anything over 30 minutes: only the measured 2 s lets this through.
    const { job, output } = await runJob('cut', {}, [{ role: 'file', path: at('lying.mp4') }], { tier: 'basic' });
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 2)).toBeLessThan(0.1);
    expectNoLeak(job, output);
  });

  it('refuses before encoding more frames than the basic plan allows', async () => {
    const { job } = await runJob('cut', { duration: '1' }, [{ role: 'file', path: at('many-frames.mp4') }], { tier: 'basic' });
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'work_limit_exceeded', param: 'file' });
    expect(job.error?.message).toMatch(/^Error: the input is too much work for the basic plan/);
    // No progress at all: the refusal came from the probe, before any frame was encoded.
    expect(job.progress).toBe(0);
  });

  it('cuts an odd-sized 4:4:4 video', async () => {
    const { job, output } = await runJob('cut', { duration: '0.5' }, [{ role: 'file', path: at('odd.mp4') }], { tier: 'basic' });
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,pix_fmt', '-of', 'csv=p=0', output ?? '']);
    expect(stdout.trim()).toBe('320,240,yuv420p');
  });
});
