import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COST_MODELS } from '@frameforge/functions/features/jobs/domain/dry-runs/estimate-model';
import type { CostModel } from '@frameforge/functions/features/jobs/domain/dry-runs/work-units';

/**
 * Dry-run estimates against the real thing: every processing operation on
 * the bench's inputs, first as a dry run (its estimate, and the model and
 * units behind it), then for real through the API, timed from the task's
 * started_at to its completed_at (the span the estimate is for). Prints the
 * error of each estimate, and the line (fixed + perUnit x units) that each
 * cost model would need to fit these runs: the calibration of
 * `functions/src/features/jobs/domain/dry-runs/estimate-model.ts`. Each case runs
 * `rounds` times and keeps its fastest: the worker runs a job alone on its
 * own vCPUs, so the time to estimate is the undisturbed one, which a shared
 * machine's other load only ever lengthens.
 */

const exec = promisify(execFile);

interface Case {
  label: string;
  path: string;
  body: Record<string, unknown>;
}

export interface EstimateRow {
  label: string;
  model: CostModel;
  units: number;
  estimate: number;
  measured: number;
}

async function ffmpeg(args: string[]): Promise<void> {
  await exec('ffmpeg', ['-v', 'error', '-y', ...args]);
}

/** The bench's inputs: 1080p and 360p clips with sound, a voice track and clips with speech, x264 ultrafast as uploads often are. */
async function makeInputs(work: string): Promise<Record<string, string>> {
  const path = (name: string) => join(work, name);
  const video = (name: string, source: string, seconds: number, size: string, rate: number, audio: string[]) =>
    ffmpeg(['-f', 'lavfi', '-i', `${source}=duration=${seconds}:size=${size}:rate=${rate}`, ...audio, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path(name)]);
  const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  await video('hd.mp4', 'testsrc2', 4, '1920x1080', 30, tone(4));
  await video('hd-bars.mp4', 'smptehdbars', 4, '1920x1080', 30, tone(4));
  await video('sd.mp4', 'testsrc2', 8, '640x360', 25, tone(8));
  await video('long.mp4', 'testsrc2', 24, '640x360', 25, tone(24));
  const speech = ['-f', 'lavfi', '-i', 'flite=text=the quick brown fox jumps over the lazy dog and runs far away:voice=slt', '-af', 'apad=whole_dur=6'];
  await video('speech.mp4', 'testsrc2', 6, '640x360', 25, speech);
  await video('speech-hd.mp4', 'testsrc2', 6, '1280x720', 25, speech);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=6', '-c:a', 'pcm_s16le', path('voice.wav')]);
  return { hd: path('hd.mp4'), bars: path('hd-bars.mp4'), sd: path('sd.mp4'), long: path('long.mp4'), speech: path('speech.mp4'), speechHd: path('speech-hd.mp4'), voice: path('voice.wav') };
}

function cases(ids: Record<string, string>): Case[] {
  const { hd = '', bars = '', sd = '', long = '', speech = '', speechHd = '', voice = '' } = ids;
  return [
    { label: 'frame/last of 1080p', path: '/frame/last', body: { file_id: hd } },
    { label: 'frame/last of 360p, scaled', path: '/frame/last', body: { file_id: sd, width: 320 } },
    { label: 'cut 2 s of 1080p', path: '/cut', body: { file_id: hd, start: 1, duration: 2 } },
    { label: 'cut 7 s of 360p', path: '/cut', body: { file_id: sd, start: 1 } },
    { label: 'cut 5 s of a WAV', path: '/cut', body: { file_id: voice, start: 1 } },
    { label: 'crop 1080p to 1280x720', path: '/crop', body: { file_id: hd, w: 1280, h: 720 } },
    { label: 'crop 360p to 320x180', path: '/crop', body: { file_id: sd, w: 320, h: 180 } },
    { label: 'merge 2 x 1080p (copy)', path: '/merge', body: { file_ids: [hd, hd] } },
    { label: 'merge 2 x 360p (copy)', path: '/merge', body: { file_ids: [sd, sd] } },
    { label: 'merge 360p + 1080p (re-encode)', path: '/merge', body: { file_ids: [sd, hd] } },
    { label: 'merge 24 s of 360p + 1080p (re-encode)', path: '/merge', body: { file_ids: [long, hd] } },
    { label: 'merge_urls 2 x 1080p, fade, ultrafast', path: '/merge_urls', body: { file_ids: [hd, bars], transition: 'fade', duration: 0.5, v_preset: 'ultrafast' } },
    { label: 'merge_urls 2 x 360p, veryfast', path: '/merge_urls', body: { file_ids: [sd, sd], v_preset: 'veryfast' } },
    { label: 'merge_urls 2 x 360p, wipeleft, slow', path: '/merge_urls', body: { file_ids: [sd, sd], transition: 'wipeleft', duration: 1 } },
    { label: 'redub 360p', path: '/redub', body: { video_file_id: sd, voice_file_id: voice } },
    { label: 'redub 24 s of 360p, mix, duck', path: '/redub', body: { video_file_id: long, voice_file_id: voice, mode: 'mix', duck: 1 } },
    { label: 'redub_tts 360p, local voice', path: '/redub_tts', body: { video_file_id: sd, voice_id: 'local-kal', script: 'Every clip is planned before it runs.' } },
    { label: 'redub_tts 24 s of 360p, local voice', path: '/redub_tts', body: { video_file_id: long, voice_id: 'local-slt', script: 'A second script, a little longer than the first one.' } },
    { label: 'redub_vc 360p, local voice', path: '/redub_vc', body: { video_file_id: sd, voice_file_id: voice, voice_id: 'local-rms' } },
    { label: 'redub_vc 24 s of 360p, local voice', path: '/redub_vc', body: { video_file_id: long, voice_file_id: voice, voice_id: 'local-awb' } },
    { label: 'captions/auto 360p speech', path: '/captions/auto', body: { video_file_id: speech } },
    { label: 'captions/auto 720p speech', path: '/captions/auto', body: { video_file_id: speechHd } },
  ];
}

class Client {
  constructor(
    private readonly api: string,
    private readonly key: string,
  ) {}

  async call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const headers = { 'X-API-Key': this.key, ...(init.body ? { 'Content-Type': 'application/json' } : {}) };
    const answer = await fetch(`${this.api}${path}`, { ...init, headers });
    const text = await answer.text();
    const json = answer.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: answer.status, body: json, headers: answer.headers };
  }

  async upload(path: string): Promise<string> {
    const bytes = readFileSync(path);
    const type = path.endsWith('.wav') ? 'audio/wav' : 'video/mp4';
    const created = await this.call('/uploads', { method: 'POST', body: JSON.stringify({ file_name: path.split('/').pop(), content_type: type, size: bytes.length, upload_type: 'single' }) });
    const { file_id: id, upload_url: url } = created.body as { file_id?: string; upload_url?: string };
    if (!id || !url) throw new Error(`POST /uploads answered ${created.status}: ${JSON.stringify(created.body)}`);
    const put = await fetch(url, { method: 'PUT', headers: { 'Content-Type': type }, body: new Uint8Array(bytes) });
    if (put.status !== 200) throw new Error(`the upload PUT answered ${put.status}`);
    return id;
  }

  /** The task's own timing: from a worker starting it to its completion, in seconds. */
  async processingSeconds(path: string, body: Record<string, unknown>): Promise<number> {
    // /frame/last always waits for its frame; the others answer the task at once.
    const sent = await this.call(path, { method: 'POST', body: JSON.stringify(path === '/frame/last' ? body : { ...body, download: 0 }) });
    const id = (sent.body.task_id as string | undefined) ?? sent.headers.get('x-task-id');
    if (!id) throw new Error(`${path} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
    for (;;) {
      const task = (await this.call(`/task/${id}`)).body as { status: string; started_at: string | null; completed_at: string | null; error: unknown };
      if (task.status === 'completed' && task.started_at && task.completed_at) return (Date.parse(task.completed_at) - Date.parse(task.started_at)) / 1000;
      if (['failed', 'canceled'].includes(task.status)) return Number.NaN;
      // Slow polls: on two cores every poll takes CPU from the job being timed.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Each case dry-run, then run for real, one at a time so no job shares the worker. */
export async function benchEstimates(options: { api: string; key: string; work: string; rounds: number }): Promise<EstimateRow[]> {
  const client = new Client(options.api, options.key);
  const files = await makeInputs(options.work);
  const ids = Object.fromEntries(await Promise.all(Object.entries(files).map(async ([name, path]) => [name, await client.upload(path)] as const)));
  const rows: EstimateRow[] = [];
  for (const item of cases(ids)) {
    const planned = await client.call(item.path, { method: 'POST', body: JSON.stringify({ ...item.body, dry_run: 1 }) });
    if (planned.status !== 200) {
      console.log(`  ${item.label}: the dry run answered ${planned.status} ${JSON.stringify(planned.body)}`);
      continue;
    }
    const estimate = planned.body.estimate as { seconds: number; model: CostModel; units?: number };
    const runs: number[] = [];
    for (let round = 0; round < options.rounds; round++) runs.push(await client.processingSeconds(item.path, item.body));
    const measured = Math.min(...runs);
    if (Number.isNaN(measured)) {
      console.log(`  ${item.label}: the task failed`);
      continue;
    }
    const model = COST_MODELS[estimate.model];
    // The units behind the estimate, recovered from the model that gave it (the answer rounds to 0.1 s).
    const units = model.perUnit > 0 ? Math.max(0, (estimate.seconds - model.fixed) / model.perUnit) : 0;
    rows.push({ label: item.label, model: estimate.model, units, estimate: estimate.seconds, measured });
  }
  return rows;
}

const percent = (estimate: number, measured: number) => (Math.abs(estimate - measured) / measured) * 100;

/** The least-squares line through a model's runs; with one run, or one size of run, the fixed part is kept. */
function fit(rows: readonly EstimateRow[], fixed: number): { fixed: number; perUnit: number } {
  const n = rows.length;
  const meanX = rows.reduce((sum, row) => sum + row.units, 0) / n;
  const meanY = rows.reduce((sum, row) => sum + row.measured, 0) / n;
  const spread = rows.reduce((sum, row) => sum + (row.units - meanX) ** 2, 0);
  if (n < 2 || spread < 1e-9) return { fixed, perUnit: meanX > 0 ? Math.max(0, (meanY - fixed) / meanX) : 0 };
  const perUnit = rows.reduce((sum, row) => sum + (row.units - meanX) * (row.measured - meanY), 0) / spread;
  if (perUnit <= 0) return { fixed: meanY, perUnit: 0 };
  const intercept = meanY - perUnit * meanX;
  return intercept >= 0 ? { fixed: intercept, perUnit } : { fixed: 0, perUnit: rows.reduce((s, r) => s + r.units * r.measured, 0) / rows.reduce((s, r) => s + r.units ** 2, 0) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export function estimateBenchRows(rows: readonly EstimateRow[]): string[] {
  const lines = rows.map(
    (row) => `  ${row.label.padEnd(40)} ${row.model.padEnd(14)} estimate ${row.estimate.toFixed(1).padStart(5)} s   measured ${row.measured.toFixed(2).padStart(6)} s   error ${percent(row.estimate, row.measured).toFixed(0).padStart(3)} %`,
  );
  const errors = rows.map((row) => percent(row.estimate, row.measured));
  lines.push('', `  error of the estimate: median ${median(errors).toFixed(0)} %, largest ${Math.max(...errors).toFixed(0)} % (${rows.length} runs)`, '', '  calibration these runs give (estimate-model.ts):');
  for (const model of [...new Set(rows.map((row) => row.model))]) {
    const own = rows.filter((row) => row.model === model);
    const line = fit(own, COST_MODELS[model].fixed);
    lines.push(`    ${model}: { fixed: ${line.fixed.toFixed(2)}, perUnit: ${line.perUnit.toPrecision(3)} },`);
  }
  return lines;
}
