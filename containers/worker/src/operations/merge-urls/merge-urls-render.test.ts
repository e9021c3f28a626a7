import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mergeUrlsParamsSchema } from '@frameforge/functions/contracts/media-jobs';
import { TRANSITION_NAMES } from '@frameforge/functions/contracts/transitions';
import { probeMedia } from '../../ffmpeg/probe';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { mergeGraph, mergeUrlsArgs, xfadeTransition, type ClipProbe } from './merge-urls-graph';
import { nativeTransitions } from './xfade-support';

const exec = promisify(execFile);
const FRAME = 1 / 25;
const BATCH = 8;
let dir = '';
let clips: { path: string; probe: ClipProbe }[] = [];

async function makeClip(path: string, source: string): Promise<void> {
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=duration=1:size=160x120:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', path]);
}

async function outputDuration(path: string): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'merge-urls-render-'));
  const paths = [join(dir, 'a.mp4'), join(dir, 'b.mp4')];
  await Promise.all([makeClip(paths[0] ?? '', 'testsrc'), makeClip(paths[1] ?? '', 'testsrc2')]);
  clips = await Promise.all(paths.map(async (path) => ({ path, probe: (await probeMedia(path)) as ClipProbe })));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Renders a two-clip merge with one transition; resolves to the output's video duration. */
async function render(name: string): Promise<number> {
  const params = mergeUrlsParamsSchema.parse({
    transition: name, duration: 0.5, v_preset: 'ultrafast', v_crf: 35, a_bitrate: '64k',
    ...(name === 'custom' ? { transition_expr: 'if(gt(X, W*P), B, A)' } : {}),
  });
  const graph = mergeGraph(clips.map((c) => c.probe), params, xfadeTransition(params, await nativeTransitions()));
  const output = join(dir, `${name}.mp4`);
  await runFfmpeg({ args: ['-threads', '2', ...mergeUrlsArgs(clips.map((c) => c.path), graph, params, output)], timeoutSeconds: 30 });
  return outputDuration(output);
}

describe('every transition on the installed FFmpeg', () => {
  it('renders clip1 + clip2 - duration for each name and custom', async () => {
    const [a, b] = clips.map((c) => c.probe.durationSeconds);
    const expected = (a ?? 0) + (b ?? 0) - 0.5;
    const durations: Record<string, number> = {};
    for (let i = 0; i < TRANSITION_NAMES.length; i += BATCH) {
      const names = TRANSITION_NAMES.slice(i, i + BATCH);
      const measured = await Promise.all(names.map(render));
      names.forEach((name, j) => (durations[name] = measured[j] ?? Number.NaN));
    }
    const off = Object.entries(durations).filter(([, seconds]) => !(Math.abs(seconds - expected) <= FRAME + 1e-3));
    expect(off).toEqual([]);
    expect(Object.keys(durations)).toHaveLength(59);
  }, 60_000);
});
