import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';

const endpoints = testEndpoints();
const api = endpoints.productApi;

interface Task {
  id: string;
  status: string;
  endpoint: string;
  created_at: string;
}
interface TaskList {
  object: string;
  url: string;
  data: Task[];
  has_more: boolean;
  next_cursor: string | null;
}

let key = '';
let clip: Buffer;
/** Oldest first, as submitted: a cut that completes, one that fails, a crop, another cut. */
let made: Task[] = [];
const ids = (tasks: readonly Task[]) => tasks.map((task) => task.id);
/** Newest first, as the list answers. */
const newest = (...indexes: number[]) => indexes.map((index) => made[index]?.id);

async function list(query: string, apiKey = key): Promise<{ status: number; body: TaskList & { error?: { code: string; param: string; message: string } }; headers: Headers }> {
  const answer = await fetch(`${api}/tasks${query ? `?${query}` : ''}`, { headers: { 'X-API-Key': apiKey } });
  return { status: answer.status, body: (await answer.json()) as TaskList & { error?: { code: string; param: string; message: string } }, headers: answer.headers };
}

async function submit(path: string, fields: Record<string, string>): Promise<Task> {
  const accepted = await fetch(`${api}${path}`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm(fields, clip) });
  expect(accepted.status).toBe(202);
  const { status_url } = (await accepted.json()) as { status_url: string };
  return (await waitForTask(api, key, status_url, 90_000)) as unknown as Task;
}

/** Every page of a query, following next_cursor as a client would. */
async function allPages(query: string): Promise<Task[][]> {
  const pages: Task[][] = [];
  let cursor: string | null = null;
  do {
    const page = await list(`${query}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    pages.push(page.body.data);
    expect(page.body.has_more).toBe(page.body.next_cursor !== null);
    cursor = page.body.next_cursor;
    if (pages.length > 10) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'task-list-')), 'clip.mp4');
  await makeTestVideo(path, 2);
  clip = readFileSync(path);
  key = await signedUpUserWithKey(endpoints);
  // One at a time, so each is created after the one before.
  made = [
    await submit('/cut', { duration: '0.5' }),
    await submit('/cut', { start: '100' }),
    await submit('/crop', { w: '64', h: '64' }),
    await submit('/cut', { duration: '0.5' }),
  ];
  expect(made.map((task) => task.status)).toEqual(['completed', 'failed', 'completed', 'completed']);
}, 240_000);

describe('GET /tasks', () => {
  it('lists the account’s tasks newest first, each exactly as GET /task/{id} answers it', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'list', url: '/tasks', has_more: false, next_cursor: null });
    expect(ids(body.data)).toEqual(newest(3, 2, 1, 0));
    for (const task of body.data) {
      const single = (await (await fetch(`${api}/task/${task.id}`, { headers: { 'X-API-Key': key } })).json()) as Task;
      expect(task).toEqual(single);
    }
  });

  it('pages through them with next_cursor, or starting after a task id, and ends with has_more false', async () => {
    const pages = await allPages('limit=1');
    expect(pages.map(ids)).toEqual([newest(3), newest(2), newest(1), newest(0)]);
    expect(ids((await list('limit=3')).body.data)).toEqual(newest(3, 2, 1));
    expect(ids((await list(`starting_after=${made[2]?.id ?? ''}`)).body.data)).toEqual(newest(1, 0));
    expect((await list(`starting_after=${made[0]?.id ?? ''}`)).body).toMatchObject({ data: [], has_more: false, next_cursor: null });
  });

  it('filters by status and by operation, by id or by path, across pages', async () => {
    expect(ids((await list('status=failed')).body.data)).toEqual(newest(1));
    expect((await allPages('status=completed&limit=2')).map(ids)).toEqual([newest(3, 2), newest(0)]);
    expect(ids((await list('operation=crop')).body.data)).toEqual(newest(2));
    expect(ids((await list('operation=%2Fcut')).body.data)).toEqual(newest(3, 1, 0));
    expect(ids((await list('status=processing')).body.data)).toEqual([]);
  });

  it('filters by creation time, both bounds inclusive, in any offset', async () => {
    const at = (index: number) => made[index]?.created_at ?? '';
    expect(ids((await list(`created_from=${encodeURIComponent(at(2))}`)).body.data)).toEqual(newest(3, 2));
    expect(ids((await list(`created_to=${encodeURIComponent(at(1))}`)).body.data)).toEqual(newest(1, 0));
    expect(ids((await list(`created_from=${encodeURIComponent(at(1))}&created_to=${encodeURIComponent(at(2))}`)).body.data)).toEqual(newest(2, 1));
    const inBerlin = new Date(Date.parse(at(2)) + 3600_000).toISOString().replace('Z', '+01:00');
    expect(ids((await list(`created_from=${encodeURIComponent(inBerlin)}&limit=5`)).body.data)).toEqual(newest(3, 2));
  });

  it.each([
    ['status=done', 'status'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['operation=transcode', 'operation'],
    ['created_from=yesterday', 'created_from'],
    ['created_from=2026-11-27T00:00:00Z&created_to=2026-11-26T00:00:00Z', 'created_from'],
    ['starting_after=not-a-cursor', 'starting_after'],
    ['page=2', 'page'],
    ['status=failed&status=completed', 'status'],
  ])('answers %s with a 400 naming %s', async (query, param) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', param });
    expect(body.error?.message).toMatch(/\.$/);
  });

  it('shows another account none of these tasks, refuses its task as a starting point, and never counts against a plan’s allowance', async () => {
    const other = await signedUpUserWithKey(endpoints, 'basic');
    const first = await list('', other);
    expect(first.body).toMatchObject({ data: [], has_more: false });
    const allowance = first.headers.get('ratelimit');
    expect(allowance).toMatch(/^"minute";r=3;t=\d+$/);
    for (let i = 0; i < 4; i++) expect((await list('status=completed', other)).headers.get('ratelimit')).toMatch(/^"minute";r=3;t=\d+$/);
    const refused = await list(`starting_after=${made[0]?.id ?? ''}`, other);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ param: 'starting_after' });
  });
});
