import { ConnectionError, FrameForgeError, apiErrorFor } from './errors.js';
import { encodeBody, queryString } from './encode.js';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, retryDelayMs, sleep, type RetryInfo, type RetryPolicy } from './retry-policy.js';
import type { Redirect } from './types.js';

export interface ClientOptions {
  /** A secret key (X-API-Key). Keep it on a server: a browser page should call your own backend. */
  apiKey: string;
  /** The API's base URL, e.g. the `servers` entry of its OpenAPI document. */
  baseUrl: string;
  /** Retries of a 429, a 5xx or a request that got no answer. 3 by default; 0 turns retrying off. */
  maxRetries?: number;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
  /** Told before each retry: for logs and metrics. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RequestOptions {
  /** Sent as Idempotency-Key on a processing request; a fresh one is made otherwise, and kept across retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RequestSpec {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Send an Idempotency-Key, so a retry of a request that did reach the API answers the first task. */
  idempotent?: boolean;
}

export interface ApiAnswer<T> {
  data: T;
  status: number;
  headers: Headers;
  requestId: string | null;
}

/** Requests with the key, retries with backoff that honour Retry-After, and errors turned into typed ones. */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new FrameForgeError('apiKey is required');
    if (!options.baseUrl) throw new FrameForgeError('baseUrl is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Bound, so a method of the global object is not called on the wrong `this` in browsers.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.policy = { ...DEFAULT_RETRY_POLICY, maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries };
  }

  async send<T>(spec: RequestSpec, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const url = `${this.baseUrl}${spec.path}${queryString(spec.query ?? {})}`;
    const encoded = spec.body ? encodeBody(spec.body) : null;
    const headers: Record<string, string> = { Accept: 'application/json', 'X-API-Key': this.options.apiKey, ...options.headers };
    if (encoded?.contentType) headers['Content-Type'] = encoded.contentType;
    // One key for every try of this call: the API answers a retry with the task the first try created.
    if (spec.idempotent) headers['Idempotency-Key'] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.fetch(url, { method: spec.method, headers, body: encoded?.body ?? null, redirect: 'manual', signal: options.signal ?? null });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt >= this.policy.maxRetries) throw new ConnectionError(`${spec.method} ${spec.path} got no answer: ${String(error)}`, { cause: error });
        await this.pause(spec, attempt + 1, null, null, options.signal);
        continue;
      }
      if (response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return this.answer<T>(response);
      const failure = await this.failure(response);
      if (!isRetryableStatus(response.status) || attempt >= this.policy.maxRetries) throw failure;
      await this.pause(spec, attempt + 1, response.status, failure.retryAfter, options.signal);
    }
  }

  /** A signed URL leads to storage, not to the API: it needs no key, and must not be given one. */
  unkeyed(url: string, init: RequestInit): Promise<Response> {
    return this.fetch(url, init);
  }

  private async pause(spec: RequestSpec, attempt: number, status: number | null, retryAfter: number | null, signal?: AbortSignal): Promise<void> {
    const delayMs = retryDelayMs(this.policy, attempt, retryAfter);
    this.options.onRetry?.({ method: spec.method, path: spec.path, attempt, status, delayMs });
    await sleep(delayMs, signal);
  }

  private async answer<T>(response: Response): Promise<ApiAnswer<T>> {
    const meta = { status: response.status, headers: response.headers, requestId: response.headers.get('x-request-id') };
    if (response.status >= 300 || response.type === 'opaqueredirect') {
      const location = response.headers.get('location');
      // A browser hides a manual redirect's Location (an opaque answer): callers that can, find the URL another way.
      if (!location) throw new FrameForgeError('The API answered a redirect whose Location this environment does not expose');
      const redirect: Redirect = { object: 'redirect', location };
      return { ...meta, data: redirect as T };
    }
    const type = response.headers.get('content-type') ?? '';
    const data = type.includes('json') ? ((await response.json()) as T) : ((await response.blob()) as T);
    return { ...meta, data };
  }

  private async failure(response: Response) {
    const text = await response.text();
    let body: { error?: { code?: string; message?: string; param?: string | null; hint?: string | null } } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // A proxy's HTML page or an empty body: the status still says what happened.
    }
    return apiErrorFor({
      status: response.status,
      code: body.error?.code ?? `http_${response.status}`,
      message: body.error?.message ?? (text.slice(0, 200) || `HTTP ${response.status}`),
      param: body.error?.param ?? null,
      hint: body.error?.hint ?? null,
      requestId: response.headers.get('x-request-id'),
      retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
}
