import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mergeUrlsParamsSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { TRANSITION_NAMES } from '@frameforge/functions/features/jobs/contracts/transitions';
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

/** The names in batches rendered side by side: each batch its own test, so a slow machine stretches no single timeout across all 59. */
const batches = Array.from({ length: Math.ceil(TRANSITION_NAMES.length / BATCH) }, (_, i) => TRANSITION_NAMES.slice(i * BATCH, (i + 1) * BATCH));

describe('every transition on the installed FFmpeg', () => {
  it('covers the 59 names, custom included', () => {
    expect(batches.flat()).toHaveLength(59);
    expect(batches.flat()).toContain('custom');
  });

  it.each(batches.map((names) => [names.join(', '), names] as const))('renders clip1 + clip2 - duration: %s', async (_label, names) => {
    const [a, b] = clips.map((c) => c.probe.durationSeconds);
    const expected = (a ?? 0) + (b ?? 0) - 0.5;
    const measured = await Promise.all(names.map(render));
    const off = names.map((name, j) => [name, measured[j]] as const).filter(([, seconds]) => !(Math.abs((seconds ?? Number.NaN) - expected) <= FRAME + 1e-3));
    expect(off).toEqual([]);
  }, 60_000);
});
