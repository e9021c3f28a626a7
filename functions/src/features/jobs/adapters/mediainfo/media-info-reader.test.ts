import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ByteSource } from '../../domain/media-info/media-probes';
import { MediaInfoReader, READ_BUDGET_BYTES } from './media-info-reader';

const exec = promisify(execFile);
const reader = new MediaInfoReader();
let dir: string;

/** The file as the reader sees it, counting the bytes it asks for. */
async function sourceOf(path: string): Promise<ByteSource & { bytesRead: () => number }> {
  const bytes = await readFile(path);
  let read = 0;
  return {
    size: bytes.length,
    read: (offset, length) => {
      const piece = bytes.subarray(offset, offset + length);
      read += piece.length;
      return Promise.resolve(piece);
    },
    bytesRead: () => read,
  };
}

interface FfprobeStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
}

async function ffprobe(path: string): Promise<{ format: { format_name: string; duration: string; size: string }; streams: FfprobeStream[] }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path]);
  return JSON.parse(stdout) as Awaited<ReturnType<typeof ffprobe>>;
}

const fraction = (text: string) => {
  const [num = 0, den = 1] = text.split('/').map(Number);
  return num / den;
};

const lavfi = (video: string, audio: string) => ['-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', audio, '-shortest'];

/** Media made by ffmpeg, each with the container and codecs it should be read as. */
const MEDIA: { name: string; args: string[]; container: string; codecs: string[] }[] = [
  {
    name: 'h264-aac.mp4',
    args: [...lavfi('testsrc=duration=4:size=640x360:rate=30000/1001', 'sine=duration=4:sample_rate=48000'), '-ac', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    container: 'mp4',
    codecs: ['h264', 'aac'],
  },
  {
    name: 'mpeg4-mp3.mkv',
    args: [...lavfi('testsrc=duration=3:size=320x240:rate=25', 'sine=duration=3:sample_rate=44100'), '-c:v', 'mpeg4', '-c:a', 'libmp3lame'],
    container: 'matroska',
    codecs: ['mpeg4', 'mp3'],
  },
  {
    name: 'mjpeg-pcm.mov',
    args: [...lavfi('testsrc=duration=2:size=176x144:rate=24', 'sine=duration=2:sample_rate=22050'), '-c:v', 'mjpeg', '-c:a', 'pcm_s16le'],
    container: 'mov',
    codecs: ['mjpeg', 'pcm_s16le'],
  },
  { name: 'speech.wav', args: ['-f', 'lavfi', '-i', 'sine=duration=5:sample_rate=16000', '-c:a', 'pcm_s16le'], container: 'wav', codecs: ['pcm_s16le'] },
  { name: 'music.mp3', args: ['-f', 'lavfi', '-i', 'sine=duration=5:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame'], container: 'mp3', codecs: ['mp3'] },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-info-reader-'));
  await Promise.all(MEDIA.map((media) => exec('ffmpeg', ['-v', 'error', '-y', ...media.args, join(dir, media.name)])));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('MediaInfoReader', () => {
  it.each(MEDIA)('reads $name as ffprobe does', async ({ name, container, codecs }) => {
    const path = join(dir, name);
    const [probe, expected] = await Promise.all([sourceOf(path).then((source) => reader.read(source)), ffprobe(path)]);
    if (!probe) throw new Error(`${name} was not read`);
    expect(probe.object).toBe('media_info');
    expect(probe.container).toBe(container);
    expect(expected.format.format_name.split(',')).toContain(container === 'mkv' ? 'matroska' : container);
    expect(probe.size).toBe(Number(expected.format.size));
    expect(probe.duration).toBeCloseTo(Number(expected.format.duration), 1);
    expect(probe.streams.map((stream) => stream.codec)).toEqual(codecs);
    expect(probe.streams.map((stream) => stream.codec)).toEqual(expected.streams.map((stream) => stream.codec_name));
    probe.streams.forEach((stream, index) => {
      const theirs = expected.streams[index];
      if (!theirs) throw new Error(`ffprobe has no stream ${index}`);
      expect(stream.index).toBe(index);
      expect(stream.type).toBe(theirs.codec_type);
      if (theirs.codec_type === 'video') {
        expect([stream.width, stream.height]).toEqual([theirs.width, theirs.height]);
        expect(stream.frame_rate).toBeCloseTo(fraction(theirs.r_frame_rate ?? ''), 2);
        expect([stream.sample_rate, stream.channels]).toEqual([null, null]);
      } else {
        expect([stream.sample_rate, stream.channels]).toEqual([Number(theirs.sample_rate), theirs.channels]);
        expect([stream.width, stream.height, stream.frame_rate]).toEqual([null, null, null]);
      }
    });
  });

  it('reads only the headers of a large file', async () => {
    const path = join(dir, 'large.mp4');
    // Noise does not compress: megabytes of payload, with the index (moov) at the end, where ffmpeg writes it.
    const video = ['-vf', 'noise=alls=100:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'aac'];
    await exec('ffmpeg', ['-v', 'error', '-y', ...lavfi('testsrc=duration=4:size=320x240:rate=25', 'sine=duration=4'), ...video, path]);
    const source = await sourceOf(path);
    const probe = await reader.read(source);
    expect(probe?.streams.map((stream) => [stream.type, stream.codec, stream.duration])).toEqual([
      ['video', 'h264', 4],
      ['audio', 'aac', 4],
    ]);
    expect(probe?.streams[0]?.frame_rate).toBe(25);
    expect(source.size).toBeGreaterThan(3 * READ_BUDGET_BYTES);
    expect(source.bytesRead()).toBeLessThanOrEqual(READ_BUDGET_BYTES);
  }, 30_000);

  it('finds nothing in bytes that are no media', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'Shopping list: milk, eggs, flour.\n'.repeat(200));
    expect(await reader.read(await sourceOf(path))).toBeUndefined();
    expect(await reader.read({ size: 0, read: () => Promise.resolve(new Uint8Array(0)) })).toBeUndefined();
  });

  it('reads files one after another and side by side on one instance', async () => {
    const names = ['h264-aac.mp4', 'speech.wav', 'mpeg4-mp3.mkv'];
    const probes = await Promise.all(names.map(async (name) => reader.read(await sourceOf(join(dir, name)))));
    expect(probes.map((probe) => probe?.container)).toEqual(['mp4', 'wav', 'matroska']);
  });
});
