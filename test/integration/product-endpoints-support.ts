import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitForTask } from '../support/product-user';

/**
 * The product API as a customer reaches it: one key, requests over HTTP,
 * results fetched through the redirects the API answers, checked with
 * ffprobe. Shared by the product-endpoints test files.
 */

const exec = promisify(execFile);

/** One frame of the 25 fps test clips: durations may differ from the ideal by that much (plus rounding). */
export const FRAME = 1 / 25;
export const WITHIN_A_FRAME = FRAME + 0.01;

export interface Accepted {
  status: string;
  task_id: string;
  status_url: string;
  endpoint: string;
}

export interface TaskView {
  id: string;
  status: string;
  progress: number;
  endpoint: string;
  error: unknown;
  output: { file_url: string; file_name: string; file_size: number; duration: number | null; media_type: string; attachments?: unknown } | null;
}

/** What a job endpoint did, from the 202 to the downloaded output. */
export interface Finished {
  accepted: Accepted;
  task: TaskView;
  /** The downloaded output on disk. */
  output: string;
  /** The storage path of the output, as the signed download URL names it. */
  storagePath: string;
}

export class ProductClient {
  constructor(
    readonly api: string,
    readonly key: string,
    private readonly workDir: string,
  ) {}

  request(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.api}${path}`, { ...init, redirect: 'manual', headers: { 'X-API-Key': this.key, ...(init.headers as Record<string, string>) } });
  }

  /** A processing request with a multipart body (uploads) or JSON (URLs, file ids). */
  post(path: string, body: FormData | Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
    if (body instanceof FormData) return this.request(path, { method: 'POST', body, headers });
    return this.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });
  }

  /** Posts a job, expects 202, waits for `completed` and downloads the output through `GET /task/{id}/download`. */
  async run(path: string, body: FormData | Record<string, unknown>, outName: string, timeoutMs = 90_000): Promise<Finished> {
    const response = await this.post(path, body);
    if (response.status !== 202) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    const accepted = (await response.json()) as Accepted;
    const task = (await waitForTask(this.api, this.key, accepted.status_url, timeoutMs)) as unknown as TaskView;
    if (task.status !== 'completed') throw new Error(`POST ${path}: task ${task.id} ended ${task.status}: ${JSON.stringify(task.error)}`);
    const { path: output, location } = await this.download(accepted.task_id, outName);
    return { accepted, task, output, storagePath: storagePathOf(location) };
  }

  /** `GET /task/{id}/download`: a 302 to a signed URL, followed to the bytes. */
  async download(taskId: string, outName: string): Promise<{ path: string; location: string }> {
    const redirect = await this.request(`/task/${taskId}/download`);
    if (redirect.status !== 302) throw new Error(`GET /task/${taskId}/download answered ${redirect.status}: ${await redirect.text()}`);
    const location = redirect.headers.get('location') ?? '';
    return { path: await this.fetchTo(location, outName), location };
  }

  /** Fetches a (signed) URL to a file in the work folder. */
  async fetchTo(url: string, outName: string): Promise<string> {
    const file = await fetch(url);
    if (file.status !== 200) throw new Error(`GET ${url} answered ${file.status}`);
    const path = join(this.workDir, outName);
    writeFileSync(path, Buffer.from(await file.arrayBuffer()));
    return path;
  }

  /** `POST /uploads`, then the PUT of the bytes: the file_id to send instead of the file. */
  async upload(bytes: Buffer, fileName: string, contentType: string): Promise<string> {
    const created = await this.post('/uploads', { file_name: fileName, content_type: contentType });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { file_id: string; upload_url: string; method: string; headers: Record<string, string>; expires_at: string };
    expect(ticket).toMatchObject({ file_id: expect.stringMatching(/^upl_[A-Za-z0-9]{24}$/), method: 'PUT', headers: { 'Content-Type': contentType } });
    expect(Date.parse(ticket.expires_at)).toBeGreaterThan(Date.now());
    const put = await fetch(ticket.upload_url, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return ticket.file_id;
  }
}

/** `outputs/<user>/<task>/<name>` out of a signed URL of the (path-style) store. */
export function storagePathOf(signedUrl: string): string {
  const path = decodeURIComponent(new URL(signedUrl).pathname);
  const at = path.indexOf('/outputs/');
  if (at < 0) throw new Error(`not an output URL: ${signedUrl}`);
  return path.slice(at + 1);
}

/** A multipart body: text fields and files (name → [bytes, file name, type]). */
export function form(fields: Record<string, string>, files: [field: string, bytes: Buffer, fileName: string, type: string][] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [field, bytes, fileName, type] of files) body.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return body;
}

/** Starts work now and hands back its promise; a failure is reported by the test that awaits it, not as an unhandled rejection. */
export function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

export interface StreamFacts {
  codec: string;
  width?: number;
  height?: number;
  frames?: number;
}

export interface MediaFacts {
  seconds: number;
  formatName: string;
  video?: StreamFacts;
  audio?: StreamFacts;
}

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  nb_read_packets?: string;
}

export async function probe(path: string): Promise<MediaFacts> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-count_packets', '-show_streams', '-show_format', '-of', 'json', path]);
  const data = JSON.parse(stdout) as { streams: ProbedStream[]; format: { duration?: string; format_name: string } };
  const facts = (s: ProbedStream | undefined): StreamFacts | undefined =>
    s && { codec: s.codec_name, width: s.width, height: s.height, frames: s.nb_read_packets === undefined ? undefined : Number(s.nb_read_packets) };
  return {
    seconds: Number(data.format.duration ?? Number.NaN),
    formatName: data.format.format_name,
    video: facts(data.streams.find((s) => s.codec_type === 'video')),
    audio: facts(data.streams.find((s) => s.codec_type === 'audio')),
  };
}

/** Runs ffmpeg quietly; its stderr (where filters report) is returned. */
export async function ffmpeg(args: string[]): Promise<string> {
  const { stderr } = await exec('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
  return stderr;
}

/** A 320x240, 25 fps clip with a tone (or the given audio file) as its sound. */
export async function makeClip(path: string, seconds: number, audio?: string): Promise<void> {
  const sound = audio ? ['-i', audio] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=25`, ...sound, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path]);
}

/** PSNR of one horizontal band (fractions of the height) of the frames of two videos at one time; Infinity when identical. */
export async function bandPsnr(a: string, b: string, at: number, from: number, to: number): Promise<number> {
  const crop = `crop=iw:trunc(ih*${to - from}/2)*2:0:trunc(ih*${from}/2)*2`;
  const seek = at.toFixed(3);
  const stderr = await ffmpeg(['-ss', seek, '-i', a, '-ss', seek, '-i', b, '-filter_complex', `[0:v]${crop}[a];[1:v]${crop}[b];[a][b]psnr`, '-frames:v', '1', '-f', 'null', '-']);
  const value = /average:(\S+)/.exec(stderr)?.[1] ?? '';
  return value === 'inf' ? Number.POSITIVE_INFINITY : Number(value);
}
