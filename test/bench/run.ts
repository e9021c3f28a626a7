/**
 * `npm run bench`: measures the hot paths side by side in one run and prints
 * ratios (absolute times on a shared machine mean little; ratios do).
 *
 * 1. Cut pipeline overhead: the API path (upload, queue, worker, S3, status
 *    polling, download) against the same ffmpeg command run directly.
 * 2. Key check: a key refused by its checksum against a well-formed key that
 *    needs a table look-up before it is refused.
 * 3. Key acceptance: the first request of a key (key look-up, last-use write
 *    and the subscription look-up that gives its tier) against the next
 *    request, answered from the authorizer cache.
 * 4. Worker overhead on a 1080p clip: a cut, a re-encoding crop and a
 *    transition merge sent through the queue (inputs stored first, so upload
 *    time is counted apart) against the same operation run directly.
 * 5. The dashboard's stats request for a user with 100 request logs against
 *    one with 100,000: counters, not scans, so the ratio stays near 1.
 *
 * 6. Lambda bundles: each function's zipped size and cold load time in a
 *    fresh process, beside a bare handler's and beside two floors: the
 *    packages a function that reads a table needs, alone, and the DynamoDB
 *    client alone. The median and the slowest job endpoint against their
 *    targets (100 and 150 ms).
 *
 * 7. Portal: the production build's initial JavaScript (gzip) and Lighthouse's
 *    mobile performance score, median of BENCH_LIGHTHOUSE_RUNS (3) runs, of the
 *    landing page and /login, served by the local stack's portal host.
 *
 * 8. Long media: a 2-minute 1080p clip with sound, uploaded in parts; its
 *    crop and cut through the API (POST to output downloaded) against ffmpeg
 *    alone with the worker's arguments, and its multipart upload through the
 *    API against one raw PUT to the same storage, BENCH_LONG_ROUNDS (5)
 *    rounds each (see long-media-bench.ts).
 *
 * 9. Dry-run estimates: every operation on the bench's inputs, its dry-run
 *    estimate against its measured processing time, the error of each and
 *    the cost-model calibration these runs give (see estimate-bench.ts).
 *
 * `BENCH_ONLY=stats` (or api, keys, worker, bundles, portal, docs, long, estimates) runs one part.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey } from '@frameforge/functions/features/api-keys/domain/api-key-format';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { cutArgs } from '@frameforge/worker/operations/cut/cut-args';
import { probeMedia } from '@frameforge/worker/ffmpeg/probe';
import { buildImageBundle } from '@frameforge/worker/image/image-bundle';
import { runFfmpeg } from '@frameforge/worker/ffmpeg/run-ffmpeg';
import { makeTestVideo } from '../support/media';
import type { LocalServices } from '@frameforge/local-stack/stack';
import { benchUser, seedHistory, statsRequest } from './stats-bench';
import { makeHdClip, runDirect, type OverheadCase } from './worker-overhead';
import { startStackProcess } from '../support/stack-process';
import { benchBundles } from './bundle-bench';
import { benchDocsPage } from './docs-lighthouse';
import { benchPortal, lighthouseRows, portalBenchRows } from './portal-bench';
import { benchLongMedia, LONG_SECONDS } from './long-media-bench';
import { benchEstimates, estimateBenchRows } from './estimate-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STATS_REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 60);
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'api' | 'keys' | 'worker' | 'stats' | 'bundles' | 'portal' | 'docs' | 'long' | 'estimates') => ONLY === undefined || ONLY === part;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const KEY_REQUESTS = Number(process.env.BENCH_KEY_REQUESTS ?? 100);
const LONG_ROUNDS = Number(process.env.BENCH_LONG_ROUNDS ?? 5);
const ESTIMATE_ROUNDS = Number(process.env.BENCH_ESTIMATE_ROUNDS ?? 2);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  if (runs('bundles')) {
    const rows = await benchBundles(ROUNDS);
    console.log(`\nLambda bundles: zipped size and median cold load of ${ROUNDS} fresh processes each, interleaved with a bare handler's:\n`);
    for (const row of rows) console.log(row);
    console.log('');
    if (ONLY === 'bundles') return;
  }
  if (runs('portal')) {
    const bench = await benchPortal(LIGHTHOUSE_RUNS);
    console.log(`\nPortal: first load of the production build, and Lighthouse (mobile, simulated throttling), median of ${LIGHTHOUSE_RUNS} runs per page:\n`);
    for (const row of portalBenchRows(bench)) console.log(row);
    console.log('');
    if (ONLY === 'portal') return;
  }
  const work = mkdtempSync(join(tmpdir(), 'frameforge-bench-'));
  const input = join(work, 'input.mp4');
  await makeTestVideo(input, 20);
  const video = readFileSync(input);
  // The worker measured is the one that ships: the image's bundle, as the test stack runs it.
  process.env.WORKER_IMAGE_DIR = join(work, 'worker-image');
  await buildImageBundle(process.env.WORKER_IMAGE_DIR);
  const stack = await startStackProcess(join(work, 'state'));
  try {
    const api = stack.endpoints.productApi;
    const client = await LocalPortalClient.connect(stack.endpoints);
    const since = Date.now() - 1000;
    await client.signUp('bench@example.com', 'bench-pass');
    await client.confirmFromInbox('bench@example.com', since);
    const token = await client.signIn('bench@example.com', 'bench-pass');
    await client.subscribe(token, 'elite');
    const { key } = await client.createApiKey(token, 'bench');
    if (runs('docs')) {
      const measured = await benchDocsPage(stack.endpoints.portal, { email: 'bench@example.com', password: 'bench-pass' }, LIGHTHOUSE_RUNS);
      console.log(`\nAPI docs page, signed in, as the local stack serves it: Lighthouse (mobile, simulated throttling), median of ${LIGHTHOUSE_RUNS} runs:\n`);
      for (const row of lighthouseRows([{ path: '/api-docs', runs: measured }])) console.log(row);
      console.log('');
      if (ONLY === 'docs') return;
    }
    if (runs('long')) {
      const rows = await benchLongMedia({ api, key, stateDir: stack.stateDir, stackPid: stack.pid, work, rounds: LONG_ROUNDS });
      console.log(`\nLong media (${LONG_SECONDS} s of 1080p), medians of ${LONG_ROUNDS} rounds each, interleaved:\n`);
      for (const row of rows) console.log(row);
      console.log('');
      if (ONLY === 'long') return;
    }
    if (runs('estimates')) {
      const rows = estimateBenchRows(await benchEstimates({ api, key, work, rounds: ESTIMATE_ROUNDS }));
      console.log(`\nDry-run estimates against measured processing times (started_at to completed_at), fastest of ${ESTIMATE_ROUNDS} runs each:\n`);
      for (const row of rows) console.log(row);
      console.log('');
      if (ONLY === 'estimates') return;
    }
    const params = { start: 5, duration: 10 };
    const probe = await probeMedia(input);
    if (!probe) throw new Error('ffprobe could not read the bench input');

    const direct: number[] = [];
    const viaApi: number[] = [];
    for (let round = 0; round < (runs('api') ? ROUNDS : 0); round++) {
      direct.push(await timed(() => runFfmpeg({ args: cutArgs(input, join(work, `direct-${round}.mp4`), params, probe) })));
      viaApi.push(
        await timed(async () => {
          const form = new FormData();
          form.append('start', String(params.start));
          form.append('duration', String(params.duration));
          form.append('file', new Blob([new Uint8Array(video)]), 'input.mp4');
          const accepted = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: form });
          const { task_id } = (await accepted.json()) as { task_id: string };
          for (;;) {
            const task = (await (await fetch(`${api}/task/${task_id}`, { headers: { 'X-API-Key': key } })).json()) as { status: string };
            if (task.status === 'completed') break;
            if (task.status === 'failed') throw new Error('bench job failed');
            await new Promise((r) => setTimeout(r, 50));
          }
          await (await fetch(`${api}/task/${task_id}/download`, { headers: { 'X-API-Key': key } })).arrayBuffer();
        }),
      );
    }

    const refused = async (presented: string) => {
      const response = await fetch(`${api}/task/none`, { headers: { 'X-API-Key': presented } });
      await response.arrayBuffer();
      if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
    };
    const byChecksum: number[] = [];
    const byLookup: number[] = [];
    for (let i = 0; i < (runs('keys') ? KEY_REQUESTS : 0); i++) {
      // Fresh keys every time: the gateway caches an authorizer's answer per key.
      const wellFormed = generateApiKey();
      const mistyped = `${wellFormed.slice(0, -1)}${wellFormed.endsWith('A') ? 'B' : 'A'}`;
      byChecksum.push(await timed(() => refused(mistyped)));
      byLookup.push(await timed(() => refused(wellFormed)));
    }

    const account = async (presented: string) => {
      const response = await fetch(`${api}/account`, { headers: { 'X-API-Key': presented } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    };
    const firstUse: number[] = [];
    const cachedUse: number[] = [];
    for (let i = 0; i < (runs('keys') ? KEY_REQUESTS : 0); i++) {
      const { key: fresh } = await client.createApiKey(token, `bench ${i}`);
      firstUse.push(await timed(() => account(fresh)));
      cachedUse.push(await timed(() => account(fresh)));
    }

    // The job helpers read the stack's emulators from the state folder.
    process.env.FRAMEFORGE_STATE_DIR = stack.stateDir;
    const { prepareJob, waitForJob } = await import('../support/worker-jobs');
    const clipA = join(work, 'hd-a.mp4');
    const clipB = join(work, 'hd-b.mp4');
    await Promise.all([makeHdClip(clipA, 4), makeHdClip(clipB, 4, 'smptehdbars')]);
    const cases: OverheadCase[] = [
      { label: 'cut 2 s of 1080p', type: 'cut', params: { start: 1, duration: 2 }, files: [{ role: 'file', path: clipA }] },
      { label: 'crop 1080p to 1280x720', type: 'crop', params: { w: 1280, h: 720 }, files: [{ role: 'file', path: clipA }] },
      {
        label: 'merge 2 x 1080p, fade',
        type: 'merge_urls',
        params: { transition: 'fade', duration: 0.5, v_preset: 'ultrafast' },
        files: [{ role: 'files', path: clipA }, { role: 'files', path: clipB }],
      },
    ];
    const overhead: string[][] = [];
    for (const item of runs('worker') ? cases : []) {
      const direct: number[] = [];
      const queued: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        direct.push(await timed(() => runDirect(work, item)));
        // submitJob stores the inputs first; only enqueue-to-completed is timed.
        const submitted = await prepareJob(item.type, item.params, item.files);
        // Timed from the send to the moment the worker wrote the job completed (its record's
        // completedAt, same clock), so the poll can be slow: on two cores, every poll of the local
        // table while ffmpeg runs would take CPU from the very job being measured.
        const sentAt = Date.now();
        await submitted.enqueue();
        const done = await waitForJob(submitted.job.id, 120_000, 500);
        if (done.status !== 'completed' || !done.completedAt) throw new Error(`${item.label}: ${JSON.stringify(done.error)}`);
        queued.push(Date.parse(done.completedAt) - sentAt);
      }
      const extra = median(queued) - median(direct);
      overhead.push([item.label, `direct ${median(direct).toFixed(0)} ms`, `through the stack ${median(queued).toFixed(0)} ms`, `overhead ${extra.toFixed(0)} ms`]);
    }

    // 5. Stats with a small and a large history, measured interleaved.
    const statsRows: string[][] = [];
    if (runs('stats')) {
      const few = await benchUser(client, 'bench-few@example.com');
      const many = await benchUser(client, 'bench-many@example.com');
      const services = JSON.parse(readFileSync(join(stack.stateDir, 'services.json'), 'utf8')) as LocalServices;
      await seedHistory(services, few.userId, 100);
      const seeding = performance.now();
      await seedHistory(services, many.userId, 100_000);
      console.log(`seeded 100,000 request logs in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const small: number[] = [];
      const large: number[] = [];
      for (let i = 0; i < STATS_REQUESTS; i++) {
        small.push(await timed(() => statsRequest(stack.endpoints.portalApi, few.token)));
        large.push(await timed(() => statsRequest(stack.endpoints.portalApi, many.token)));
      }
      statsRows.push(['dashboard stats (GET /stats)', `100 logs ${median(small).toFixed(2)} ms`, `100,000 logs ${median(large).toFixed(2)} ms`, `${(median(large) / median(small)).toFixed(2)}x`]);
    }

    const rows = [
      ['cut 10 s of a 20 s 320x240 video', `ffmpeg alone ${median(direct).toFixed(0)} ms`, `through the API ${median(viaApi).toFixed(0)} ms`, `${(median(viaApi) / median(direct)).toFixed(2)}x`],
      ['refuse a key (401)', `by checksum ${median(byChecksum).toFixed(2)} ms`, `after table look-up ${median(byLookup).toFixed(2)} ms`, `${(median(byLookup) / median(byChecksum)).toFixed(2)}x`],
      ['accept a key and its tier (200)', `cached ${median(cachedUse).toFixed(2)} ms`, `key + subscription look-up ${median(firstUse).toFixed(2)} ms`, `${(median(firstUse) / median(cachedUse)).toFixed(2)}x`],
    ];
    console.log(`\nMedians of ${ROUNDS} cut rounds and ${KEY_REQUESTS} key requests, measured interleaved in one run:\n`);
    for (const row of rows) console.log(`  ${row[0]!.padEnd(36)} ${row[1]!.padEnd(28)} ${row[2]!.padEnd(32)} ratio ${row[3]}`);
    console.log(`\nWorker overhead, medians of ${ROUNDS} rounds each, interleaved:\n`);
    for (const row of overhead) console.log(`  ${row[0]!.padEnd(36)} ${row[1]!.padEnd(28)} ${row[2]!.padEnd(32)} ${row[3]}`);
    console.log(`\nDashboard stats, medians of ${STATS_REQUESTS} requests each, interleaved:\n`);
    for (const row of statsRows) console.log(`  ${row[0]!.padEnd(36)} ${row[1]!.padEnd(28)} ${row[2]!.padEnd(32)} ratio ${row[3]}`);
    console.log('');
  } finally {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
