import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { usageStatsResponseSchema, type UsageStatsResponse } from '@frameforge/functions/features/request-logs/contracts/usage-stats';
import { confirmedUser, type TestUser } from '../support/billing';
import { clearOfMidnight } from '../support/day-boundary';
import { testEndpoints } from '../support/endpoints';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const portal = endpoints.portalApi;

interface Owner extends TestUser {
  key: string;
  keyId: string;
}

async function owner(): Promise<Owner> {
  const user = await confirmedUser(endpoints, 'keys');
  await user.client.subscribe(user.token, 'elite');
  const { key, apiKey } = await user.client.createApiKey(user.token, ' My  key ');
  return { ...user, key, keyId: apiKey.id };
}

const portalCall = (user: TestUser, method: string, path: string) =>
  fetch(`${portal}${path}`, { method, headers: { Authorization: `Bearer ${user.token}` } });

let alice: Owner;
let bob: Owner;

beforeAll(async () => {
  [alice, bob] = await Promise.all([owner(), owner()]);
});

describe('API keys: reveal and revoke', () => {
  it('reveals a key to its owner only; anyone else gets 404', async () => {
    const revealed = await portalCall(alice, 'POST', `/api-keys/${alice.keyId}/reveal`);
    expect(revealed.status).toBe(200);
    expect(((await revealed.json()) as { key: string }).key).toBe(alice.key);
    for (const [method, path] of [
      ['POST', `/api-keys/${alice.keyId}/reveal`],
      ['DELETE', `/api-keys/${alice.keyId}`],
      ['POST', '/api-keys/not-a-key/reveal'],
    ] as const) {
      const answer = await portalCall(bob, method, path);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(await answer.json())).not.toContain(alice.key);
    }
  });
});

describe('request logs and stats', () => {
  it('logs each call with its status, error and request id, counts it, and keeps others out', async () => {
    // The calls and the chart's last day (a UTC day) on one day.
    await clearOfMidnight(60_000);
    // A local midnight half past a UTC hour (as in India): quarters, then whole hours.
    const since = new Date(Date.now() - 90 * 60_000);
    since.setUTCMinutes(30, 0, 0);
    const before = usageStatsResponseSchema.parse(await (await portalCall(alice, 'GET', `/stats?since=${encodeURIComponent(since.toISOString())}`)).json());
    const requestsOf = (figures: UsageStatsResponse, endpoint: string) => figures.by_endpoint.find((row) => row.endpoint === endpoint)?.requests ?? 0;
    const keyRow = (figures: UsageStatsResponse) => figures.by_key.find((row) => row.key_id === alice.keyId);
    const ok = await fetch(`${api}/account`, { headers: { 'X-API-Key': alice.key } });
    expect(ok.status).toBe(200);
    const failed = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': alice.key, 'Content-Type': 'application/json' }, body: '{"start": 1}' });
    expect(failed.status).toBe(400);
    const requestId = failed.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    const { logs } = (await (await portalCall(alice, 'GET', '/api-logs?limit=100')).json()) as {
      logs: { id: string; method: string; endpoint: string; status_code: number; error_message: string | null; request_id: string; key_name: string; masked_key: string }[];
    };
    const [latest, previous] = logs;
    expect(latest).toMatchObject({ method: 'POST', endpoint: '/cut', status_code: 400, request_id: requestId, key_name: 'My  key' });
    expect(latest?.error_message?.split('\n')[0]).toMatch(/^Error: The file parameter is required/);
    expect(latest?.error_message).toContain('Parameter: file');
    expect(latest?.masked_key).toBe(`${alice.key.slice(0, 8)}…${alice.key.slice(-4)}`);
    expect(previous).toMatchObject({ method: 'GET', endpoint: '/account', status_code: 200, error_message: null });

    const stats = usageStatsResponseSchema.parse(await (await portalCall(alice, 'GET', `/stats?since=${encodeURIComponent(since.toISOString())}`)).json());
    expect(stats.total_requests).toBe(before.total_requests + 2);
    expect(stats.today_requests).toBe(before.today_requests + 2);
    expect(stats.active_keys).toBe(1);
    expect(stats.last_request_at).not.toBeNull();
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), errors: 1 });
    // The refused cut was a processing request, the account a read; counted by operation (the resource path) and by key.
    expect(stats.today_processing).toBe(before.today_processing + 1);
    expect(stats.daily.at(-1)?.processing).toBe((before.daily.at(-1)?.processing ?? 0) + 1);
    expect(requestsOf(stats, 'POST /cut') - requestsOf(before, 'POST /cut')).toBe(1);
    expect(requestsOf(stats, 'GET /account') - requestsOf(before, 'GET /account')).toBe(1);
    expect(stats.by_endpoint.find((row) => row.endpoint === 'POST /cut')?.processing).toBe(true);
    expect(stats.by_endpoint.find((row) => row.endpoint === 'GET /account')?.processing).toBe(false);
    expect(keyRow(stats)).toMatchObject({ name: 'My  key', masked_key: `${alice.key.slice(0, 8)}…${alice.key.slice(-4)}`, requests: (keyRow(before)?.requests ?? 0) + 2 });
    // A refused request never counts against the minute's allowance, and nothing runs.
    expect(keyRow(stats)?.minute_used).toBe(keyRow(before)?.minute_used);
    expect(stats.running_jobs).toBe(0);

    expect((await portalCall(bob, 'GET', `/api-logs/${latest?.id ?? ''}`)).status).toBe(404);
    expect((await portalCall(alice, 'GET', `/api-logs/${latest?.id ?? ''}`)).status).toBe(200);
    const bobs = (await (await portalCall(bob, 'GET', '/api-logs')).json()) as { logs: unknown[] };
    expect(JSON.stringify(bobs)).not.toContain(alice.keyId);
    expect((await portalCall(alice, 'GET', '/stats?since=yesterday')).status).toBe(400);
  });

  it('refuses a revoked key at once, and the key leaves the list', async () => {
    const { key, apiKey } = await alice.client.createApiKey(alice.token, 'short-lived');
    expect((await fetch(`${api}/account`, { headers: { 'X-API-Key': key } })).status).toBe(200);
    expect((await portalCall(alice, 'DELETE', `/api-keys/${apiKey.id}`)).status).toBe(200);
    // The gateway may still hold the authorizer's answer for this key: our code refuses it anyway.
    const refused = await fetch(`${api}/account`, { headers: { 'X-API-Key': key } });
    expect(refused.status).toBe(401);
    const listed = (await (await portalCall(alice, 'GET', '/api-keys')).json()) as { keys: { id: string }[] };
    expect(listed.keys.map((k) => k.id)).not.toContain(apiKey.id);
    expect((await portalCall(alice, 'POST', `/api-keys/${apiKey.id}/reveal`)).status).toBe(404);
  });
});

describe('secrets at rest', () => {
  it('leaves no plaintext key in any table or in the state folder', async () => {
    const services = testServices();
    const client = new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const secrets = [alice.key, bob.key];
    const names = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
    expect(names.length).toBeGreaterThan(5);
    for (const TableName of names) {
      let start: Record<string, never> | undefined;
      do {
        const page = await client.send(new ScanCommand({ TableName, ExclusiveStartKey: start }));
        const dump = JSON.stringify(page.Items ?? []);
        for (const secret of secrets) expect(dump.includes(secret)).toBe(false);
        start = page.LastEvaluatedKey as typeof start;
      } while (start);
    }
    const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? '';
    const files: string[] = [];
    // The worker makes and removes job folders meanwhile (other suites' jobs): what vanishes mid-walk held no secret.
    const unlessGone = <T>(read: () => T): T | undefined => {
      try {
        return read();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    };
    const walk = (dir: string) => {
      for (const name of unlessGone(() => readdirSync(dir)) ?? []) {
        const path = join(dir, name);
        const info = unlessGone(() => statSync(path));
        if (info?.isDirectory()) walk(path);
        else if (info && info.size < 256 * 1024 * 1024) files.push(path);
      }
    };
    walk(stateDir);
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) {
      const bytes = unlessGone(() => readFileSync(path));
      for (const secret of secrets) expect(bytes?.includes(secret) ?? false).toBe(false);
    }
  });
});
