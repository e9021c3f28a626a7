import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { LocalServices } from '@frameforge/local-stack/stack';
import { cropArgs, cropBox, shownSize } from '@frameforge/worker/operations/crop/crop-args';
import { cutArgs } from '@frameforge/worker/operations/cut/cut-args';
import { frameLastArgs } from '@frameforge/worker/operations/frame-last/frame-last-args';
import { probeMedia } from '@frameforge/worker/ffmpeg/probe';
import { runFfmpeg } from '@frameforge/worker/ffmpeg/run-ffmpeg';
import { LongMediaClient, makeLongClip, putBytes, type ApiRun } from './long-media-client';
import { cpuSince, reapedCpuOfThisProcess, stackCpu, type StackCpu } from './process-cpu';

/**
 * Long media: a 2-minute 1080p clip, the size users bring, sent through the
 * API (multipart upload, a job by file_id, task reads held until it
 * completes as the SDK's tasks.wait() asks them, then the download, timed apart) against
 * ffmpeg alone on the same file with the worker's own arguments, and the
 * API's multipart upload against one raw PUT of the same bytes to the same
 * storage. Each pair is measured interleaved, the order swapped every round
 * so a slow spell of the shared machine does not land on one side only, and
 * the ratio printed is the median of each round's own ratio: on a machine
 * whose speed drifts by more than the overhead measured, a ratio of medians
 * taken from different moments says more about the drift than the API.
 */

export const LONG_SECONDS = 120;
const PARTS_IN_FLIGHT = 4;
const TARGET = 1.05;
const MiB = 1024 ** 2;

export interface LongMediaSetup {
  api: string;
  key: string;
  stateDir: string;
  /** The stack's process, whose tree's CPU time is read around each run. */
  stackPid: number;
  work: string;
  rounds: number;
}

/** The middle value, or the mean of the middle two when the count is even. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2 : (sorted[Math.floor(mid)] ?? Number.NaN);
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Runs `a` and `b` once each per round, `a` first in even rounds and `b` first in odd ones. */
async function interleaved(rounds: number, a: () => Promise<void>, b: () => Promise<void>): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await a();
      await b();
    } else {
      await b();
      await a();
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where an API run's time went, each stage's median over the rounds. */
function stages(runs: ApiRun[]): string {
  const of = (from: keyof ApiRun, to: keyof ApiRun) => seconds(median(runs.map((run) => run[to] - run[from])));
  return [
    `accepted ${of('postedAt', 'createdAt')}`,
    `queued ${of('createdAt', 'startedAt')}`,
    `worker ${of('startedAt', 'completedAt')}`,
    `poll lag ${of('completedAt', 'seenAt')}`,
    `download ${of('seenAt', 'downloadedAt')}`,
  ].join(', ');
}

/**
 * The CPU time each side used (the API's from the POST to the end of the
 * download): on a machine whose cores ffmpeg keeps busy, what the rest of
 * the stack uses is time ffmpeg waits.
 */
function cpuRow(directCpu: number, apiCpu: StackCpu[]): string {
  const of = (part: 'media' | 'worker' | 'rest') => median(apiCpu.map((cpu) => cpu[part]));
  const besides = of('worker') + of('rest');
  const cpu = (value: number) => `${value.toFixed(1)} s`;
  const names = [...new Set(apiCpu.flatMap((cpu) => Object.keys(cpu.restBy)))];
  const split = names
    .map((name) => ({ name, used: median(apiCpu.map((cpu) => cpu.restBy[name] ?? 0)) }))
    .filter((part) => part.used >= 0.1)
    .sort((a, b) => b.used - a.used)
    .map((part) => `${part.name} ${part.used.toFixed(1)} s`)
    .join(', ');
  return `CPU: ffmpeg alone ${cpu(directCpu)}; through the API ffmpeg ${cpu(of('media'))}, the worker's Node process ${cpu(of('worker'))}, emulators and gateway ${cpu(of('rest'))} (+${((besides / Math.max(of('media'), 0.001)) * 100).toFixed(0)} % beside ffmpeg); the rest by process: ${split || 'none over 0.1 s'}`;
}

/** The printed rows of the long-media part. */
export async function benchLongMedia(setup: LongMediaSetup): Promise<string[]> {
  const { work, rounds } = setup;
  const source = join(work, 'long-1080p.mp4');
  await makeLongClip(source, LONG_SECONDS);
  const bytes = new Uint8Array(readFileSync(source));
  const probe = await probeMedia(source);
  if (!probe) throw new Error('ffprobe could not read the long clip');
  const client = new LongMediaClient(setup.api, setup.key);
  const fileId = await client.uploadInParts(bytes, 'long-1080p.mp4', PARTS_IN_FLIGHT);
  const rows = [`${LONG_SECONDS} s 1920x1080 25 fps with sound, ${(bytes.length / MiB).toFixed(0)} MiB, uploaded in parts as ${fileId}:`, ''];

  const planned = cropBox({ w: 1280, h: 720 }, shownSize(probe));
  if ('refusal' in planned) throw new Error(planned.refusal.message);
  const cut = { start: 10, duration: 100 };
  const cases = [
    { label: 'crop to 1280x720', path: '/crop', body: { w: 1280, h: 720 }, args: (out: string) => cropArgs(source, out, planned.box, probe) },
    { label: 'cut 100 s from 10 s', path: '/cut', body: cut, args: (out: string) => cutArgs(source, out, cut, probe) },
  ];
  const workerPid = Number(readFileSync(join(setup.stateDir, 'worker.pid'), 'utf8').trim());
  const stackNow = () => stackCpu(setup.stackPid, workerPid);
  for (const item of cases) {
    const direct: number[] = [];
    const directCpu: number[] = [];
    const viaApi: ApiRun[] = [];
    const apiCpu: StackCpu[] = [];
    const output = join(work, 'long-direct.mp4');
    await interleaved(
      rounds,
      async () => {
        const before = reapedCpuOfThisProcess();
        direct.push(await timed(() => runFfmpeg({ args: item.args(output) })));
        directCpu.push(reapedCpuOfThisProcess() - before);
        rmSync(output, { force: true });
      },
      async () => {
        const before = stackNow();
        viaApi.push(await client.run(item.path, { file_id: fileId, ...item.body }));
        apiCpu.push(cpuSince(before, stackNow()));
      },
    );
    // Like for like: ffmpeg alone ends with the output written where it can be read, the API with it stored and its task completed.
    const api = median(viaApi.map((run) => run.seenAt - run.postedAt));
    const fetched = median(viaApi.map((run) => run.downloadedAt - run.postedAt));
    // Each round's two runs are next to each other in time, so their ratio shares that moment's load: the median of those ratios is the figure.
    const pairRatio = (end: keyof ApiRun) => median(viaApi.map((run, round) => (run[end] - run.postedAt) / (direct[round] ?? Number.NaN)));
    const ratio = pairRatio('seenAt');
    // Every round's own ratio, in the order run: how far this machine's drift moves the figure.
    const eachRound = viaApi.map((run, round) => `${((run.seenAt - run.postedAt) / (direct[round] ?? Number.NaN)).toFixed(2)}x`).join(', ');
    rows.push(
      `  ${item.label.padEnd(22)} ffmpeg alone ${seconds(median(direct)).padEnd(9)} through the API ${seconds(api).padEnd(9)} ratio ${ratio.toFixed(2)}x (target <= ${TARGET}${ratio <= TARGET ? '' : ', missed'})`,
      `  ${''.padEnd(22)} round by round: ${eachRound}`,
      `  ${''.padEnd(22)} with the output downloaded too: ${seconds(fetched)}, ratio ${pairRatio('downloadedAt').toFixed(2)}x`,
      `  ${''.padEnd(22)} API stages: ${stages(viaApi)}`,
      `  ${''.padEnd(22)} ${cpuRow(median(directCpu), apiCpu)}`,
    );
  }

  // The same storage the API's part URLs point at, reached as the tests reach it.
  const services = JSON.parse(readFileSync(join(setup.stateDir, 'services.json'), 'utf8')) as LocalServices;
  // WHEN_REQUIRED, as the functions sign: otherwise the URL names a checksum of an empty body.
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: services.s3,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const bucket = services.resources.buckets.BUCKET_MEDIA ?? '';
  const raw: number[] = [];
  const parts: number[] = [];
  let put = 0;
  await interleaved(
    rounds,
    async () => {
      const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: `bench/long-${put++}.mp4` }), { expiresIn: 3600 });
      raw.push(await timed(() => putBytes(url, bytes)));
    },
    async () => {
      parts.push(await timed(() => client.uploadInParts(bytes, 'long-1080p.mp4', PARTS_IN_FLIGHT)));
    },
  );
  // The last frame reads the clip's index and its last seconds by range: set beside ffmpeg alone on the local file, and
  // beside the download of the whole clip that the worker made before it ran ffmpeg until it read its inputs from storage.
  const frame = join(work, 'long-frame.jpg');
  const frameAlone: number[] = [];
  const frameApi: number[] = [];
  const wholeClip: number[] = [];
  const clipUrl = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: `bench/long-0.mp4` }), { expiresIn: 3600 });
  for (let round = 0; round < rounds; round++) {
    frameAlone.push(await timed(() => runFfmpeg({ args: frameLastArgs(source, frame, { epsilon: 0.12, jpg_quality: 2 }, 0.12) })));
    frameApi.push(await timed(() => client.lastFrame(fileId)));
    wholeClip.push(await timed(async () => (await fetch(clipUrl)).arrayBuffer()));
  }
  s3.destroy();
  rows.push(
    `  ${'last frame'.padEnd(22)} ffmpeg alone ${seconds(median(frameAlone)).padEnd(9)} through the API, the JPEG in the answer ${seconds(median(frameApi)).padEnd(9)} (the clip's download alone: ${seconds(median(wholeClip))})`,
  );
  const rate = (ms: number) => `${(bytes.length / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;
  rows.push(
    `  ${'upload the clip'.padEnd(22)} one raw PUT ${rate(median(raw)).padEnd(10)} API multipart (${PARTS_IN_FLIGHT} parts at a time) ${rate(median(parts)).padEnd(10)} time ratio ${(median(parts) / median(raw)).toFixed(2)}x`,
  );
  return rows;
}
