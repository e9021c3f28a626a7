import { FrameForgeError, TransferError } from './errors.js';
import { callOperation } from './operation-caller.js';
import { parseRetryAfter, sleep } from './retry-policy.js';
import type { RequestOptions, Transport } from './transport.js';
import type { ParamsOf, Task, TaskList } from './types.js';

const ENDED = new Set(['completed', 'failed', 'canceled']);
/** When a running task's answer has no Retry-After (it always should): the pace the API asks for. */
const DEFAULT_POLL_SECONDS = 2;
/** How long wait() asks the API to hold each answer (`GET /task/{id}?wait=`, at most 20). */
const HOLD_SECONDS = 20;
/** An answer back sooner than this was not held (a proxy, or an API without `wait`): then Retry-After sets the pace. */
const HELD_AT_LEAST_MS = 1000;

export interface WaitOptions {
  /** Give up after this long (the task goes on): 30 minutes by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Each answer while the task runs: for a progress bar. */
  onUpdate?: (task: Task) => void;
}

/** A task ended failed or canceled: the task is attached, and its error's code and message are this error's. */
export class TaskFailedError extends FrameForgeError {
  override name = 'TaskFailedError';
  readonly code: string;
  constructor(readonly task: Task) {
    super(task.error?.message ?? `The task ended ${task.status ?? 'unsuccessfully'}`);
    this.code = task.error?.code ?? String(task.status);
  }
}

/** The wait ran out before the task ended; the task goes on and can be waited for again. */
export class WaitTimeoutError extends FrameForgeError {
  override name = 'WaitTimeoutError';
  constructor(readonly task: Task) {
    super(`Task ${task.id ?? ''} was still ${task.status ?? 'running'} when the wait ran out`);
  }
}

export class Tasks {
  constructor(private readonly transport: Transport) {}

  async get(id: string, options?: RequestOptions): Promise<Task> {
    return (await callOperation(this.transport, 'get_task', { id }, options)).data;
  }

  async list(params: ParamsOf<'list_tasks'> = {}, options?: RequestOptions): Promise<TaskList> {
    return (await callOperation(this.transport, 'list_tasks', params, options)).data;
  }

  /** Every task the filters match, newest first, page after page. */
  async *iterate(params: ParamsOf<'list_tasks'> = {}, options?: RequestOptions): AsyncGenerator<Task> {
    let cursor: string | undefined = params.starting_after;
    for (;;) {
      const page = await this.list({ ...params, ...(cursor ? { starting_after: cursor } : {}) }, options);
      yield* page.data ?? [];
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  async cancel(id: string, options?: RequestOptions): Promise<Task> {
    return (await callOperation(this.transport, 'cancel_task', { id }, options)).data;
  }

  /**
   * Waits for the task to end: each request asks the API to hold its answer until the end (up to 20 s), so
   * the end is known within a moment, with about three requests a minute. An answer that was not held is
   * followed at the pace its Retry-After asks for (so polling never meets the throttle). Resolves the
   * completed task, throws TaskFailedError for a failed or canceled one.
   */
  async wait(id: string, options: WaitOptions = {}): Promise<Task> {
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
    for (;;) {
      const hold = Math.max(0, Math.min(HOLD_SECONDS, Math.floor((deadline - Date.now()) / 1000)));
      const asked = Date.now();
      const answer = await callOperation(this.transport, 'get_task', { id, ...(hold > 0 ? { wait: hold } : {}) }, options.signal ? { signal: options.signal } : {});
      const task = answer.data;
      if (task.status === 'completed') return task;
      if (ENDED.has(String(task.status))) throw new TaskFailedError(task);
      options.onUpdate?.(task);
      const held = hold > 0 && Date.now() - asked >= HELD_AT_LEAST_MS;
      const delayMs = held ? 0 : (parseRetryAfter(answer.headers.get('retry-after')) ?? DEFAULT_POLL_SECONDS) * 1000;
      if (Date.now() + delayMs >= deadline) throw new WaitTimeoutError(task);
      if (delayMs > 0) await sleep(delayMs, options.signal);
    }
  }

  /** A short-lived signed URL of the task's output (GET /task/{id}/download). */
  async downloadUrl(id: string, options?: RequestOptions): Promise<string> {
    try {
      return (await callOperation(this.transport, 'download_task', { id }, options)).data.location;
    } catch (error) {
      // A browser does not show a redirect's Location: the task's own output URL leads to the same file.
      const url = error instanceof FrameForgeError && !('status' in error) ? (await this.get(id, options)).output?.file_url : undefined;
      if (!url) throw error;
      return url;
    }
  }

  /** The task's output file, its bytes as a Blob. */
  async download(id: string, options?: RequestOptions): Promise<Blob> {
    const url = await this.downloadUrl(id, options);
    const response = await this.transport.unkeyed(url, options?.signal ? { signal: options.signal } : {});
    if (!response.ok) throw new TransferError(`The download answered ${response.status}`, response.status);
    return response.blob();
  }
}
