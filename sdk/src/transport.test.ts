import { FrameForge } from './client';
import { ConnectionError, InvalidRequestError, RateLimitError } from './errors';
import type { RetryInfo } from './retry-policy';
import { apiError, fakeFetch, json } from './testing/fake-fetch';

const accepted = { status: 'accepted', task_id: 't1', status_url: '/task/t1' };

function client(fetch: typeof globalThis.fetch, retries: RetryInfo[] = [], maxRetries?: number) {
  return new FrameForge({ apiKey: 'ff_test', baseUrl: 'http://api.test/', fetch, onRetry: (info) => retries.push(info), ...(maxRetries === undefined ? {} : { maxRetries }) });
}

describe('requests, retries and errors', () => {
  it('retries a 429 after its Retry-After and a 5xx, sending the same Idempotency-Key each time', async () => {
    const { fetch, seen } = fakeFetch(
      () => apiError(429, 'rate_limited', { headers: { 'Retry-After': '0' } }),
      () => apiError(503, 'upstream_unavailable'),
      () => json(202, accepted),
    );
    const retries: RetryInfo[] = [];
    await expect(client(fetch, retries).cut({ file_id: 'upl_x', duration: 2 })).resolves.toEqual(accepted);
    expect(seen.map((request) => request.url)).toEqual(Array(3).fill('http://api.test/cut'));
    const keys = seen.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'ff_test', 'content-type': 'application/json' });
    expect(JSON.parse(String(seen[0]?.body))).toEqual({ file_id: 'upl_x', duration: 2 });
    expect(retries.map(({ attempt, status }) => [attempt, status])).toEqual([[1, 429], [2, 503]]);
    expect(retries[0]?.delayMs).toBe(0);
  });

  it('uses the caller’s Idempotency-Key, and sends none on reads', async () => {
    const { fetch, seen } = fakeFetch(() => json(202, accepted), () => json(200, { object: 'task', id: 't1', status: 'queued' }));
    const ff = client(fetch);
    await ff.crop({ file_id: 'upl_x', w: 10, h: 10 }, { idempotencyKey: 'order-7' });
    await ff.tasks.get('t1');
    expect(seen[0]?.headers['idempotency-key']).toBe('order-7');
    expect(seen[1]?.headers['idempotency-key']).toBeUndefined();
    expect(seen[1]?.url).toBe('http://api.test/task/t1');
  });

  it('throws a typed error with code, param, hint and request id, without retrying a 4xx', async () => {
    const { fetch, seen } = fakeFetch(() => apiError(400, 'invalid_request', { param: 'duration', hint: 'Give a positive number.' }));
    const error = await client(fetch).cut({ file_id: 'upl_x', duration: -1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', param: 'duration', hint: 'Give a positive number.', requestId: 'req_1' });
    expect(seen).toHaveLength(1);
  });

  it('gives up after maxRetries with the last error, Retry-After included', async () => {
    const { fetch, seen } = fakeFetch(() => apiError(429, 'rate_limited', { headers: { 'Retry-After': '0' } }));
    const error = await client(fetch, [], 2).tasks.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 0 });
    expect(seen).toHaveLength(3);
  });

  it('retries a request that got no answer, then says so', async () => {
    const retries: RetryInfo[] = [];
    const { fetch, seen } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const ff = new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch, maxRetries: 1, onRetry: (info) => retries.push(info) });
    await expect(ff.account()).rejects.toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(2);
    expect(retries[0]).toMatchObject({ status: null, attempt: 1 });
  });

  it('puts path parameters in the path, query parameters and metadata in the query, files in a multipart body', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { object: 'list', data: [], has_more: false, next_cursor: null }), () => json(202, accepted));
    const ff = client(fetch);
    await ff.tasks.list({ status: 'completed', limit: 5, metadata: { order_id: 'A1' } });
    expect(new URL(seen[0]?.url ?? '').searchParams.toString()).toBe('limit=5&status=completed&metadata%5Border_id%5D=A1');
    await ff.cut({ file: new Blob(['bytes'], { type: 'video/mp4' }), duration: 1, metadata: { order_id: 'A1' } });
    const form = seen[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(seen[1]?.headers['content-type']).toBeUndefined();
    expect([...(form as FormData).keys()]).toEqual(['file', 'duration', 'metadata[order_id]']);
  });
});
