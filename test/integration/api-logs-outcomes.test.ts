import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listApiLogsResponseSchema, type ApiLogView, type ListApiLogsResponse } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { listApiKeysResponseSchema } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { usageStatsResponseSchema, type UsageStatsResponse } from '@frameforge/functions/features/request-logs/contracts/usage-stats';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm } from '../support/product-user';

const endpoints = testEndpoints();
const api = endpoints.productApi;

interface Owner extends TestUser {
  key: string;
  keyId: string;
}

let alice: Owner;
let bob: Owner;
let clip: Buffer;

async function owner(prefix: string): Promise<Owner> {
  const user = await confirmedUser(endpoints, prefix);
  await user.client.subscribe(user.token, 'elite');
  const { key, apiKey } = await user.client.createApiKey(user.token, `${prefix} key`);
  return { ...user, key, keyId: apiKey.id };
}

async function logs(user: TestUser, query: Record<string, string> = {}): Promise<ListApiLogsResponse> {
  const answer = await fetch(`${endpoints.portalApi}/api-logs?${new URLSearchParams(query).toString()}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(answer.status).toBe(200);
  return listApiLogsResponseSchema.parse(await answer.json());
}

async function cut(key: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key, ...headers }, body: cutForm(fields, clip) });
  expect(answer.status).toBe(202);
  const body = (await answer.json()) as { task_id: string; status_url: string };
  return { ...body, requestId: answer.headers.get('x-request-id') ?? '' };
}

/** The one row a search finds, once it shows its task's end. */
const endedRow = (user: TestUser, q: string) =>
  eventually(
    async () => {
      const rows = (await logs(user, { q })).logs;
      return rows.length === 1 && rows[0]?.task?.outcome !== 'pending' ? rows[0] : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 300, what: `an ended task on the row found by ${q}` },
  );

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'logs-outcomes-')), 'clip.mp4');
  await makeTestVideo(path, 2);
  clip = readFileSync(path);
  [alice, bob] = await Promise.all([owner('logs-a'), owner('logs-b')]);
});

describe('a job request in the logs', () => {
  it('shows the failure of its task, the task error and the task id, found by task id and by request id', async () => {
    const failed = await cut(alice.key, { start: '100' });
    const row: ApiLogView = await endedRow(alice, failed.task_id);
    expect(row).toMatchObject({ method: 'POST', endpoint: '/cut', status_code: 202, request_id: failed.requestId, task_id: failed.task_id, error_code: 'start_out_of_range' });
    expect(row.task).toMatchObject({ id: failed.task_id, status_url: `/task/${failed.task_id}`, outcome: 'failed', error: { code: 'start_out_of_range', param: 'start' } });
    expect(row.task?.ended_at).toEqual(expect.any(String));
    expect(row.error_message?.split('\n')[0]).toMatch(/^Error: start \(100 s\) is at or beyond the end of the input/);
    expect(row.error_message).toContain('Code: start_out_of_range');

    // The same row by its request id (any case), and through its own address.
    expect((await logs(alice, { q: failed.requestId.toUpperCase() })).logs.map((r) => r.id)).toEqual([row.id]);
    const one = await fetch(`${endpoints.portalApi}/api-logs/${row.id}`, { headers: { Authorization: `Bearer ${alice.token}` } });
    expect(((await one.json()) as ApiLogView).task?.outcome).toBe('failed');
    // Nobody else finds it.
    expect((await logs(bob, { q: failed.task_id })).logs).toEqual([]);

    // The task says the same.
    const task = (await (await fetch(`${api}/task/${failed.task_id}`, { headers: { 'X-API-Key': alice.key } })).json()) as { status: string; error: { code: string } };
    expect([task.status, task.error.code]).toEqual(['failed', 'start_out_of_range']);
  });

  it('counts a failed task among the errors and a completed one among the successes', async () => {
    const [failed, completed] = await Promise.all([cut(alice.key, { start: '50' }), cut(alice.key, { duration: '1' })]);
    expect((await endedRow(alice, completed.task_id)).task).toMatchObject({ outcome: 'completed', error: null });
    expect((await endedRow(alice, failed.task_id)).task?.outcome).toBe('failed');
    const errors = (await logs(alice, { status: 'error', limit: '100' })).logs.map((r) => r.task_id);
    const successes = (await logs(alice, { status: 'success', limit: '100' })).logs.map((r) => r.task_id);
    expect(errors).toContain(failed.task_id);
    expect(errors).not.toContain(completed.task_id);
    expect(successes).toContain(completed.task_id);
    expect(successes).not.toContain(failed.task_id);
  });

  it('shows the outcome on a replay (Idempotency-Key) of a task that has ended', async () => {
    const headers = { 'Idempotency-Key': `logs-${Date.now()}` };
    const first = await cut(alice.key, { start: '60' }, headers);
    await endedRow(alice, first.requestId);
    const again = await cut(alice.key, { start: '60' }, headers);
    expect(again.task_id).toBe(first.task_id);
    const replay = await eventually(async () => (await logs(alice, { q: again.requestId })).logs[0], { what: 'the replay row' });
    expect(replay.task).toMatchObject({ id: first.task_id, outcome: 'failed', error: { code: 'start_out_of_range' } });
  });
});

describe("a failed task in the dashboard's figures", () => {
  async function stats(user: TestUser): Promise<UsageStatsResponse> {
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const answer = await fetch(`${endpoints.portalApi}/stats?since=${encodeURIComponent(midnight.toISOString())}`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(answer.status).toBe(200);
    return usageStatsResponseSchema.parse(await answer.json());
  }
  const sum = (figures: UsageStatsResponse, field: 'requests' | 'errors') => figures.daily.reduce((total, day) => total + day[field], 0);

  it('counts an accepted request whose task failed among the errors of its day, and a completed one not', async () => {
    const carol = await owner('logs-c');
    const [failed, completed] = await Promise.all([cut(carol.key, { start: '70' }), cut(carol.key, { duration: '1' })]);
    await endedRow(carol, failed.task_id);
    await endedRow(carol, completed.task_id);
    const figures = await eventually(async () => {
      const now = await stats(carol);
      return sum(now, 'errors') > 0 ? now : undefined;
    }, { timeoutMs: 20_000, what: 'the failed task among the errors' });
    expect([sum(figures, 'requests'), sum(figures, 'errors')]).toEqual([2, 1]);
  });
});

describe('browsing the logs', () => {
  let keyId = '';
  let key = '';
  const made: string[] = [];

  beforeAll(async () => {
    const created = await bob.client.createApiKey(bob.token, 'paging');
    [key, keyId] = [created.key, created.apiKey.id];
    // A request with the other key, which the key filter leaves out.
    expect((await fetch(`${api}/account`, { headers: { 'X-API-Key': bob.key } })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${api}/account`, { headers: { 'X-API-Key': key } });
      expect(answer.status).toBe(200);
      made.unshift(answer.headers.get('x-request-id') ?? '');
    }
    await eventually(async () => ((await logs(bob, { key_id: keyId })).logs.length === 5 ? true : undefined), { what: 'five logged requests' });
  });

  it('pages by cursor, newest first, with nothing twice and nothing left out', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ListApiLogsResponse = await logs(bob, { key_id: keyId, limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.logs.length).toBeLessThanOrEqual(2);
      seen.push(...page.logs.map((r) => r.request_id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
  });

  it('filters by key and by time range, and searches text in any case', async () => {
    const all = (await logs(bob, { key_id: keyId })).logs;
    expect(new Set(all.map((r) => r.api_key_id))).toEqual(new Set([keyId]));
    expect((await logs(bob)).logs.some((r) => r.api_key_id === bob.keyId)).toBe(true);
    const [newest, , middle] = all as [ApiLogView, ApiLogView, ApiLogView];
    const range = (await logs(bob, { key_id: keyId, from: middle.created_at, to: newest.created_at })).logs;
    expect(range.map((r) => r.id)).toEqual(all.slice(0, 3).map((r) => r.id));
    expect((await logs(bob, { key_id: keyId, q: 'ACCOUNT' })).logs).toHaveLength(5);
    expect((await logs(bob, { key_id: keyId, q: 'get' })).logs).toHaveLength(5);
    expect((await logs(bob, { key_id: keyId, q: '/cut' })).logs).toHaveLength(0);
  });

  it('refuses a cursor that is not one, and a range that ends before it starts', async () => {
    const refused: Record<string, string>[] = [{ cursor: 'bm90IGEgY3Vyc29y' }, { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, { key_id: 'nope' }];
    for (const query of refused) {
      const answer = await fetch(`${endpoints.portalApi}/api-logs?${new URLSearchParams(query).toString()}`, { headers: { Authorization: `Bearer ${bob.token}` } });
      expect(answer.status).toBe(400);
    }
  });

  it("records a key's last use to the second of each request, not a minute late", async () => {
    const lastUsed = async () => listApiKeysResponseSchema.parse(await (await fetch(`${endpoints.portalApi}/api-keys`, { headers: { Authorization: `Bearer ${bob.token}` } })).json()).keys.find((k) => k.id === keyId)?.last_used ?? null;
    const second = (ms: number) => Math.floor(ms / 1000) * 1000;
    for (let round = 0; round < 2; round++) {
      // A new second: a request in it must move the last use, though the gateway still holds the key's authorization.
      const previous = await lastUsed();
      await eventually(() => (previous === null || second(Date.now()) > Date.parse(previous) ? true : undefined), { what: 'the next second' });
      const before = Date.now();
      expect((await fetch(`${api}/account`, { headers: { 'X-API-Key': key } })).status).toBe(200);
      const after = Date.now();
      const used = await eventually(async () => {
        const value = await lastUsed();
        return value !== null && value !== previous ? Date.parse(value) : undefined;
      }, { timeoutMs: 5_000, what: 'a new last use' });
      expect(used).toBeGreaterThanOrEqual(second(before));
      expect(used).toBeLessThanOrEqual(after);
    }
  });
});
