import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { movieDuration } from './movie-duration';

const exec = promisify(execFile);

async function ffprobeDuration(path: string): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

describe('movieDuration', () => {
  let dir: string;
  let source: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'movie-duration-'));
    source = join(dir, 'source.mp4');
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=2.5:size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine=duration=2.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['an mp4 with moov at the end', 'plain.mp4', ['-t', '1.3', '-c', 'copy']],
    ['an mp4 with moov first', 'fast.mp4', ['-t', '1.3', '-c', 'copy', '-movflags', '+faststart']],
    ['a mov', 'clip.mov', ['-t', '1', '-c', 'copy']],
    ['an m4a', 'sound.m4a', ['-vn', '-t', '1.7', '-c:a', 'aac']],
  ])('reads what ffprobe reports for %s', async (_label, name, args) => {
    const path = join(dir, name);
    await exec('ffmpeg', ['-v', 'error', '-y', '-i', source, ...args, path]);
    const ours = await movieDuration(path);
    expect(ours).toBeDefined();
    expect(ours).toBeCloseTo(await ffprobeDuration(path), 3);
  });

  it('leaves fragmented files, other formats and garbage to ffprobe', async () => {
    const fragmented = join(dir, 'frag.mp4');
    await exec('ffmpeg', ['-v', 'error', '-y', '-i', source, '-c', 'copy', '-movflags', 'frag_keyframe+empty_moov', fragmented]);
    const matroska = join(dir, 'clip.mkv');
    await exec('ffmpeg', ['-v', 'error', '-y', '-i', source, '-c', 'copy', matroska]);
    const garbage = join(dir, 'garbage.mp4');
    await writeFile(garbage, Buffer.from('\u0000\u0000\u0000\u0010moovjunkjunk\u00ff\u00ff\u00ff\u00ff'));
    await expect(movieDuration(fragmented)).resolves.toBeUndefined();
    await expect(movieDuration(matroska)).resolves.toBeUndefined();
    await expect(movieDuration(garbage)).resolves.toBeUndefined();
    await expect(movieDuration(join(dir, 'missing.mp4'))).resolves.toBeUndefined();
  });
});
