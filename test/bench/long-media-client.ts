import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TASK_WAIT_MAX_SECONDS } from '@frameforge/functions/features/jobs/contracts/task-wait';

/**
 * The long-media bench's client side: the product API as a customer uses it
 * for a large file (multipart upload, a job by file_id, held task reads, download
 * through the redirect), with the moments each step ended, so the bench can
 * say where the time went.
 */

const exec = promisify(execFile);

/** testsrc2 at 1080p 25 fps with a tone, x264 ultrafast: over 100 MiB for two minutes, quick to make. */
export async function makeLongClip(path: string, seconds: number): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1920x1080:rate=25`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '24', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

interface MultipartTicket {
  file_id: string;
  upload_type: string;
  part_size: number;
  part_count: number;
  part_urls: { part_number: number; upload_url: string }[];
}

interface TaskState {
  status: string;
  error: unknown;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** One job through the API, in epoch ms: sent, recorded, started, completed by the worker, seen by the poll, downloaded. */
export interface ApiRun {
  postedAt: number;
  createdAt: number;
  startedAt: number;
  completedAt: number;
  seenAt: number;
  downloadedAt: number;
}

export class LongMediaClient {
  constructor(
    private readonly api: string,
    private readonly key: string,
  ) {}

  private async call<T>(path: string, init: RequestInit, status: number): Promise<T> {
    const headers = { 'X-API-Key': this.key, ...(init.body ? { 'Content-Type': 'application/json' } : {}) };
    const response = await fetch(`${this.api}${path}`, { ...init, headers, redirect: 'manual' });
    const text = await response.text();
    if (response.status !== status) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** `POST /uploads`, every part PUT `concurrency` at a time, then complete: the file_id. */
  async uploadInParts(bytes: Uint8Array<ArrayBuffer>, fileName: string, concurrency: number): Promise<string> {
    const body = JSON.stringify({ file_name: fileName, content_type: 'video/mp4', size: bytes.length });
    const ticket = await this.call<MultipartTicket>('/uploads', { method: 'POST', body }, 201);
    // Below the multipart threshold the API answers a single PUT instead: the bench would measure something else.
    if (ticket.upload_type !== 'multipart') throw new Error(`expected a multipart upload, got ${ticket.upload_type}`);
    if (ticket.part_urls.length !== ticket.part_count) throw new Error('the ticket does not carry every part URL');
    const parts: { part_number: number; etag: string }[] = [];
    const queue = [...ticket.part_urls];
    const sender = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const start = (next.part_number - 1) * ticket.part_size;
        const etag = await putBytes(next.upload_url, bytes.subarray(start, start + ticket.part_size));
        parts.push({ part_number: next.part_number, etag });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, sender));
    parts.sort((a, b) => a.part_number - b.part_number);
    await this.call(`/uploads/${ticket.file_id}/complete`, { method: 'POST', body: JSON.stringify({ parts }) }, 200);
    return ticket.file_id;
  }

  /** `POST /frame/last` by file_id, answered at once with the JPEG (not a task to wait for): its bytes. */
  async lastFrame(fileId: string): Promise<number> {
    const answer = await fetch(`${this.api}/frame/last`, {
      method: 'POST',
      headers: { 'X-API-Key': this.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_id: fileId }),
    });
    const body = await answer.arrayBuffer();
    if (answer.status !== 200 || answer.headers.get('content-type') !== 'image/jpeg') throw new Error(`/frame/last answered ${answer.status} ${answer.headers.get('content-type') ?? ''}`);
    return body.byteLength;
  }

  /** A job by file_id, waited on as the SDK's tasks.wait() does (each task read held until the end, up to 20 s), its output downloaded through the redirect. */
  async run(path: string, body: Record<string, unknown>): Promise<ApiRun> {
    const postedAt = Date.now();
    const { task_id } = await this.call<{ task_id: string }>(path, { method: 'POST', body: JSON.stringify(body) }, 202);
    let task: TaskState;
    for (;;) {
      task = await this.call<TaskState>(`/task/${task_id}?wait=${TASK_WAIT_MAX_SECONDS}`, {}, 200);
      if (task.status === 'completed') break;
      if (['failed', 'canceled'].includes(task.status)) throw new Error(`${path} ended ${task.status}: ${JSON.stringify(task.error)}`);
    }
    const seenAt = Date.now();
    const redirect = await fetch(`${this.api}/task/${task_id}/download`, { headers: { 'X-API-Key': this.key }, redirect: 'manual' });
    const location = redirect.headers.get('location');
    if (redirect.status !== 302 || !location) throw new Error(`download answered ${redirect.status}: ${await redirect.text()}`);
    const file = await fetch(location);
    if (file.status !== 200) throw new Error(`the signed download answered ${file.status}`);
    await file.arrayBuffer();
    return {
      postedAt,
      createdAt: Date.parse(task.created_at),
      startedAt: Date.parse(task.started_at ?? ''),
      completedAt: Date.parse(task.completed_at ?? ''),
      seenAt,
      downloadedAt: Date.now(),
    };
  }
}

/** One PUT of the bytes to a presigned URL: its ETag, as a browser or an SDK reads it. */
export async function putBytes(url: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const answer = await fetch(url, { method: 'PUT', body: bytes });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`PUT answered ${answer.status}: ${text}`);
  const etag = answer.headers.get('etag');
  if (!etag) throw new Error('the PUT answered no ETag');
  return etag;
}
