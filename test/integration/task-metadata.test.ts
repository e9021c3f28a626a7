import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { listApiLogsResponseSchema } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import type { CallbackEvent } from '@frameforge/functions/features/callbacks/domain/callback-event';
import type { TaskView } from '@frameforge/functions/features/jobs/domain/task-view';
import { confirmedUser, type TestUser } from '../support/billing';
import { listenForCallbacks, type CallbackListener, type ForwardedCallback } from '../support/callback-listener';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm, waitForTask } from '../support/product-user';
import { readmeAccepts } from '../support/readme-verification';

const endpoints = testEndpoints();
const api = endpoints.productApi;
/** A public-looking address: the worker signs each try to it and the tap forwards it to the listener. */
const CALLBACK_URL = 'https://receiver.example/metadata-hook';

let user: TestUser;
let key = '';
let secret = '';
let clip: Buffer;
let listener: CallbackListener | undefined;

const eventOf = (forwarded: ForwardedCallback) => JSON.parse(forwarded.body.toString('utf8')) as CallbackEvent;
const keyed = () => ({ 'X-API-Key': key });

async function accepted(path: string, init: RequestInit): Promise<{ task_id: string; status_url: string; metadata: Record<string, string> }> {
  const answer = await fetch(`${api}${path}`, { method: 'POST', ...init, headers: { ...keyed(), ...(init.headers as Record<string, string> | undefined) } });
  expect(answer.status).toBe(202);
  return (await answer.json()) as { task_id: string; status_url: string; metadata: Record<string, string> };
}

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'task-metadata-')), 'clip.mp4');
  await makeTestVideo(path, 2);
  clip = readFileSync(path);
  user = await confirmedUser(endpoints, 'metadata');
  await user.client.subscribe(user.token, 'elite');
  key = (await user.client.createApiKey(user.token, 'metadata')).key;
  secret = (await user.client.call(user.token, 'GET', '/callback-secret', z.object({ secret: z.string() }))).secret;
  listener = await listenForCallbacks(endpoints, key);
}, 120_000);

afterAll(async () => {
  await listener?.close();
});

describe('metadata', () => {
  it('goes from a form request to the task, the list, the signed callback and the request log, and from JSON the same', async () => {
    const metadata = { order_id: 'A1', customer: 'Zoë <z@example.com>' };
    const form = cutForm({ duration: '0.5', callback_url: CALLBACK_URL, 'metadata[order_id]': metadata.order_id, 'metadata[customer]': metadata.customer }, clip);
    const fromForm = await accepted('/cut', { body: form });
    const task = (await waitForTask(api, key, fromForm.status_url, 90_000)) as unknown as TaskView;
    expect(task).toMatchObject({ status: 'completed', metadata });

    // The list: unfiltered, and found by one pair; another value finds nothing.
    const list = async (query: string) => ((await (await fetch(`${api}/tasks?${query}`, { headers: keyed() })).json()) as { data: TaskView[] }).data;
    // The same object as GET /task/{id}; its callback tries are left out, as a retry may land between the two reads.
    const withoutTries = ({ callback: _tries, ...rest }: TaskView) => rest;
    const listed = (await list('')).find((item) => item.id === task.id);
    const single = (await (await fetch(`${api}/task/${task.id}`, { headers: keyed() })).json()) as TaskView;
    expect(listed && withoutTries(listed)).toEqual(withoutTries(single));
    expect((await list('metadata%5Border_id%5D=A1')).map((item) => item.id)).toEqual([task.id]);
    expect(await list('metadata[order_id]=A2')).toEqual([]);
    expect((await list(`metadata[customer]=${encodeURIComponent(metadata.customer)}&status=completed`)).map((item) => item.id)).toEqual([task.id]);

    // The callback: the same pairs in the signed event's task.
    const forwarded = await eventually(() => listener?.received.find((r) => eventOf(r).data.id === task.id), { timeoutMs: 60_000, what: `task ${task.id}'s callback` });
    expect(readmeAccepts(String(forwarded.headers['frameforge-signature']), secret, forwarded.body)).toBe(true);
    expect(eventOf(forwarded)).toMatchObject({ type: 'task.completed', data: { id: task.id, metadata } });

    // A JSON body carries it as an object, to the same places.
    const fromJson = await accepted('/crop', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_id: task.output?.file_id, w: 64, h: 64, metadata: { order_id: 'B2' } }),
    });
    // The 202 echoes it, as the task will carry it.
    expect(fromJson.metadata).toEqual({ order_id: 'B2' });
    expect(await waitForTask(api, key, fromJson.status_url, 90_000)).toMatchObject({ status: 'completed', metadata: { order_id: 'B2' } });
    expect((await list('metadata[order_id]=B2')).map((item) => item.id)).toEqual([fromJson.task_id]);

    // The portal's log rows of both requests show it; a task read carries none.
    const rows = await eventually(
      async () => {
        const answer = await fetch(`${endpoints.portalApi}/api-logs?limit=100`, { headers: { Authorization: `Bearer ${user.token}` } });
        const { logs } = listApiLogsResponseSchema.parse(await answer.json());
        const made = logs.filter((row) => row.method === 'POST' && row.task_id !== null);
        return made.length === 2 ? { made, reads: logs.filter((row) => row.method === 'GET') } : undefined;
      },
      { timeoutMs: 15_000, what: 'the log rows of both requests' },
    );
    expect(Object.fromEntries(rows.made.map((row) => [row.task_id, row.metadata]))).toEqual({ [fromForm.task_id]: metadata, [fromJson.task_id]: { order_id: 'B2' } });
    expect(rows.reads.length).toBeGreaterThan(0);
    for (const row of rows.reads) expect(row.metadata).toBeNull();
  }, 240_000);

  it('answers a task without metadata with {}, and refuses bad pairs with a 400 naming them', async () => {
    const plain = await accepted('/cut', { body: cutForm({ duration: '0.5' }, clip) });
    expect(await (await fetch(`${api}/task/${plain.task_id}`, { headers: keyed() })).json()).toMatchObject({ metadata: {} });
    const refusals: [BodyInit, Record<string, string>, string][] = [
      [cutForm({ duration: '0.5', 'metadata[order_id]': 'x'.repeat(501) }, clip), {}, 'metadata[order_id]'],
      [cutForm({ duration: '0.5', [`metadata[${'k'.repeat(41)}]`]: '1' }, clip), {}, 'metadata'],
      [JSON.stringify({ url: 'https://example.com/a.mp4', metadata: { order_id: 7 } }), { 'Content-Type': 'application/json' }, 'metadata[order_id]'],
      [JSON.stringify({ url: 'https://example.com/a.mp4', metadata: 'A1' }), { 'Content-Type': 'application/json' }, 'metadata'],
    ];
    for (const [body, headers, param] of refusals) {
      const answer = await fetch(`${api}/cut`, { method: 'POST', headers: { ...keyed(), ...headers }, body });
      expect([param, answer.status]).toEqual([param, 400]);
      expect(await answer.json()).toMatchObject({ error: { code: 'invalid_request', param } });
    }
  }, 120_000);
});
