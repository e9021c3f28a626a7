import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_REQUEST_BYTES } from '@frameforge/functions/kernel/http/gateway-responses';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';
import { rawExchange, rawRequest } from '../support/raw-http';

/**
 * The local gateway as strict as API Gateway where a tester would notice:
 * links are built on the API's own address whatever Host a client sends,
 * `//host/path` is a path, and a body announced too large is refused before
 * it is sent.
 */
const endpoints = testEndpoints();
const api = endpoints.productApi;
const FORGED = 'evil.example';
let apiKey = '';
let video: Buffer;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'frameforge-it-')), 'input.mp4');
  await makeTestVideo(path, 2);
  video = readFileSync(path);
  apiKey = await signedUpUserWithKey(endpoints);
});

/** Every absolute http(s) address in a text. */
const linksIn = (text: string) => text.match(/https?:\/\/[^"\s]+/g) ?? [];

describe('links under a forged Host', () => {
  it('are on the configured base URL in the 202, the task, its download and the OpenAPI document', async () => {
    const form = new Response(cutForm({ start: '0', duration: '1' }, video));
    const accepted = await rawRequest(api, '/cut', {
      method: 'POST',
      headers: { Host: FORGED, 'X-API-Key': apiKey, 'Content-Type': form.headers.get('content-type') ?? '' },
      body: Buffer.from(await form.arrayBuffer()),
    });
    expect(accepted.status).toBe(202);
    const body = JSON.parse(accepted.body) as { task_id: string; links: { self: string; download: string } };
    expect(accepted.headers.location).toBe(`${api}/task/${body.task_id}`);
    expect(body.links).toEqual({ self: `${api}/task/${body.task_id}`, download: `${api}/task/${body.task_id}/download` });

    await waitForTask(api, apiKey, `/task/${body.task_id}`, 30_000);
    const task = await rawRequest(api, `/task/${body.task_id}`, { headers: { Host: FORGED, 'X-API-Key': apiKey } });
    expect(task.status).toBe(200);
    const view = JSON.parse(task.body) as { status: string; links: { self: string }; output: { file_url: string } };
    expect(view.status).toBe('completed');
    expect(view.links.self).toBe(`${api}/task/${body.task_id}`);
    const download = await rawRequest(api, `/task/${body.task_id}/download`, { headers: { Host: FORGED, 'X-API-Key': apiKey } });
    const openapi = await rawRequest(api, '/openapi.json', { headers: { Host: FORGED } });
    expect((JSON.parse(openapi.body) as { servers: { url: string }[] }).servers[0]?.url).toBe(api);

    const everyLink = [task.body, download.body, String(download.headers.location ?? ''), openapi.body, accepted.body].flatMap(linksIn);
    expect(everyLink.length).toBeGreaterThan(3);
    expect(everyLink.filter((link) => link.includes(FORGED))).toEqual([]);
  });
});

describe('paths', () => {
  it('reads //host/path as a path, which names no endpoint', async () => {
    const answer = await rawRequest(api, `//${FORGED}/healthz`);
    expect(answer.status).toBe(404);
    expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await rawRequest(api, '/healthz')).status).toBe(200);
  });

  it('answers a wrong method on a known path 405 with Allow, before any key is asked for, and an unknown path 404', async () => {
    const cases = [
      { method: 'DELETE', path: '/task/3f1c2a44-0000-4000-8000-000000000000', allow: 'GET', resource: '/task/{id}' },
      { method: 'GET', path: '/cut', allow: 'POST', resource: '/cut' },
      { method: 'PUT', path: '/uploads/upl_abc', allow: 'GET, DELETE', resource: '/uploads/{file_id}' },
      { method: 'GET', path: '/task/abc/cancel', allow: 'POST', resource: '/task/{id}/cancel' },
    ];
    for (const item of cases) {
      const answer = await rawRequest(api, item.path, { method: item.method });
      expect([item.method, item.path, answer.status, answer.headers.allow]).toEqual([item.method, item.path, 405, item.allow]);
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: 'method_not_allowed',
          message: `${item.method} is not allowed on ${item.resource}.`,
          param: null,
          hint: expect.stringContaining(`${item.resource} takes `) as unknown,
        },
      });
    }
    expect((await rawRequest(api, '/tasks/nope', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('Expect: 100-continue', () => {
  const head = (length: number, key?: string) =>
    [`POST /cut HTTP/1.1`, `Host: ${new URL(api).host}`, 'Content-Type: multipart/form-data; boundary=x', `Content-Length: ${length}`, 'Expect: 100-continue', ...(key ? [`X-API-Key: ${key}`] : []), '', ''].join('\r\n');

  it('answers 413 to a body announced over the limit before any of it is sent, without a 100 Continue first', async () => {
    for (const [length, key] of [[MAX_REQUEST_BYTES + 1, undefined], [10_000_000, apiKey]] as const) {
      const answer = await rawExchange(api, head(length, key), /"hint"/);
      // No body byte is ever written: an answer at all means the server did not wait for one.
      expect(answer.elapsedMs).toBeDefined();
      expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.text).not.toContain('100 Continue');
      expect(answer.text).toContain('"code":"payload_too_large"');
    }
  });
});
