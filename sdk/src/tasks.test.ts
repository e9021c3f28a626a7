import { FrameForge } from './client';
import { TaskFailedError, WaitTimeoutError } from './tasks';
import { fakeFetch, json } from './testing/fake-fetch';

const task = (status: string, extra: Record<string, unknown> = {}) => ({ object: 'task', id: 't1', status, progress: 0, ...extra });

describe('tasks', () => {
  it('wait polls at the pace of Retry-After until the task completes, reporting each step', async () => {
    const { fetch, seen } = fakeFetch(
      () => json(200, task('queued'), { 'Retry-After': '0' }),
      () => json(200, task('processing', { progress: 50 }), { 'Retry-After': '0' }),
      () => json(200, task('completed', { progress: 100, output: { file_id: 'out_1' } })),
    );
    const updates: unknown[] = [];
    const done = await new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.wait('t1', { onUpdate: (t) => updates.push(t.status) });
    expect(done).toMatchObject({ status: 'completed', output: { file_id: 'out_1' } });
    expect(updates).toEqual(['queued', 'processing']);
    expect(seen.every((request) => request.url === 'http://api.test/task/t1?wait=20')).toBe(true);
  });

  it('wait asks again at once after an answer the API held, whatever its Retry-After', async () => {
    const held = () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, task('processing', { progress: 40 }), { 'Retry-After': '10' })), 1100));
    const { fetch, seen } = fakeFetch(held, () => json(200, task('completed', { progress: 100 })));
    const started = Date.now();
    await expect(new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.wait('t1')).resolves.toMatchObject({ status: 'completed' });
    expect(seen).toHaveLength(2);
    // Keeping to Retry-After would have slept 10 s before the second request.
    expect(Date.now() - started).toBeLessThan(9000);
  });

  it('wait asks the API to hold no longer than the time it has left', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, task('completed')));
    await new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.wait('t1', { timeoutMs: 5_500 });
    expect(seen[0]?.url).toBe('http://api.test/task/t1?wait=5');
  });

  it('wait throws TaskFailedError with the task and its error code', async () => {
    const failed = task('failed', { error: { code: 'start_out_of_range', message: 'start is past the end', param: 'start', hint: null } });
    const { fetch } = fakeFetch(() => json(200, failed));
    const error = await new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.wait('t1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error).toMatchObject({ code: 'start_out_of_range', message: 'start is past the end', task: failed });
  });

  it('wait stops at its timeout when the next poll would come after it', async () => {
    const { fetch } = fakeFetch(() => json(200, task('processing'), { 'Retry-After': '2' }));
    await expect(new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.wait('t1', { timeoutMs: 1000 })).rejects.toBeInstanceOf(WaitTimeoutError);
  });

  it('iterate follows next_cursor across pages', async () => {
    const { fetch, seen } = fakeFetch(
      () => json(200, { object: 'list', data: [task('completed', { id: 'a' })], has_more: true, next_cursor: 'cur_1' }),
      () => json(200, { object: 'list', data: [task('failed', { id: 'b' })], has_more: false, next_cursor: null }),
    );
    const ids: unknown[] = [];
    for await (const item of new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.iterate({ limit: 1 })) ids.push(item.id);
    expect(ids).toEqual(['a', 'b']);
    expect(seen[1]?.url).toBe('http://api.test/tasks?limit=1&starting_after=cur_1');
  });

  it('download follows the redirect to the signed URL without sending the key', async () => {
    const { fetch, seen } = fakeFetch(
      () => new Response(null, { status: 302, headers: { Location: 'http://storage.test/out.mp4?sig=1' } }),
      () => new Response('video-bytes', { status: 200, headers: { 'Content-Type': 'video/mp4' } }),
    );
    const blob = await new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch }).tasks.download('t1');
    expect(await blob.text()).toBe('video-bytes');
    expect(seen[0]?.url).toBe('http://api.test/task/t1/download');
    expect(seen[1]?.url).toBe('http://storage.test/out.mp4?sig=1');
    expect(seen[1]?.headers['x-api-key']).toBeUndefined();
  });
});
