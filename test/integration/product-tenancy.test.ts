import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const bucket = testServices().resources.buckets.BUCKET_MEDIA ?? '';
let clip: Buffer;

interface Owner {
  key: string;
  userId: string;
  task: string;
  /** `outputs/<user>/<task>/<name>`, as the signed download URL names it. */
  path: string;
  name: string;
  fileId: string;
}
let a: Owner;
let b: Owner;

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** A GET whose path goes out exactly as written: fetch would resolve dot segments and re-encode before sending. */
function rawGet(key: string, path: string): Promise<Answer> {
  const target = new URL(api);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path, headers: { 'X-API-Key': key } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const filePath = (path: string) => `/file?path=${encodeURIComponent(path)}`;

async function owner(): Promise<Owner> {
  const key = await signedUpUserWithKey(endpoints);
  const accepted = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm({ duration: '0.5' }, clip) });
  expect(accepted.status).toBe(202);
  const { task_id: task, status_url } = (await accepted.json()) as { task_id: string; status_url: string };
  expect(await waitForTask(api, key, status_url, 60_000)).toMatchObject({ status: 'completed' });
  const download = await rawGet(key, `/task/${task}/download`);
  expect(download.status).toBe(302);
  const stored = decodeURIComponent(new URL(download.location ?? '').pathname);
  const path = stored.slice(stored.indexOf('/outputs/') + 1);
  const [, userId = '', , name = ''] = path.split('/');

  const created = await fetch(`${api}/uploads`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_name: 'private.mp4', content_type: 'video/mp4' }),
  });
  expect(created.status).toBe(201);
  const ticket = (await created.json()) as { file_id: string; upload_url: string; headers: Record<string, string> };
  expect((await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(clip) })).status).toBe(200);
  return { key, userId, task, path, name, fileId: ticket.file_id };
}

/** Nothing of the other user's: a 404 (or 400 for `allowed`), no redirect, and none of their names in the body. */
function expectNothingOf(other: Owner, answers: [string, Answer][], allowed: number[] = [404]): void {
  const leaks = answers.filter(
    ([asked, answer]) =>
      !allowed.includes(answer.status) ||
      answer.location !== undefined ||
      // An id the caller sent may be echoed back in the message; nothing else of the other user's may appear.
      [other.userId, other.task, other.fileId, other.name, 'X-Amz-Signature'].some((secret) => !asked.includes(secret) && answer.body.includes(secret)),
  );
  expect(leaks.map(([asked, answer]) => ({ asked: asked.slice(0, 200), ...answer }))).toEqual([]);
}

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'tenancy-')), 'clip.mp4');
  await makeTestVideo(path, 1);
  clip = readFileSync(path);
  [a, b] = await Promise.all([owner(), owner()]);
});

describe("another user's tasks, files and uploads", () => {
  it('are served to their owner (so the refusals below are about ownership)', async () => {
    expect(a.userId).not.toBe(b.userId);
    expect((await rawGet(a.key, `/task/${a.task}`)).status).toBe(200);
    expect((await rawGet(a.key, filePath(a.path))).status).toBe(302);
    const own = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': a.key }, body: cutForm({ file_id: a.fileId, duration: '0.5' }) });
    expect(own.status).toBe(202);
    await own.arrayBuffer();
  });

  it("are 404 to anyone else: B asks for A's task, download, output path and upload id", async () => {
    const gets: [string, Answer][] = await Promise.all(
      [`/task/${a.task}`, `/task/${a.task}/download`, filePath(a.path)].map(async (path) => [path, await rawGet(b.key, path)] as [string, Answer]),
    );
    const merge = new FormData();
    merge.append('file_ids', a.fileId);
    merge.append('file_ids', b.fileId);
    const requests: [string, FormData][] = [['/cut', cutForm({ file_id: a.fileId })], ['/merge', merge]];
    const posts = await Promise.all(
      requests.map(async ([path, form]): Promise<[string, Answer]> => {
        const response = await fetch(`${api}${path}`, { method: 'POST', headers: { 'X-API-Key': b.key }, body: form, redirect: 'manual' });
        return [`POST ${path} ${a.fileId}`, { status: response.status, location: response.headers.get('location') ?? undefined, body: await response.text() }];
      }),
    );
    expectNothingOf(a, [...gets, ...posts]);
    for (const [, answer] of posts) expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'not_found', param: expect.stringMatching(/^file_ids?$/) } });
  });
});

describe('path traversal on /file and /task/{id}/download', () => {
  it('answers 404 to at least 15 variants of reaching outside the caller\'s outputs', async () => {
    const [A, B] = [a.userId, b.userId];
    const theirs = `${B}/${b.task}/${b.name}`;
    const variants = [
      `outputs/${A}/${a.task}/../../${theirs}`,
      `outputs/${A}/${a.task}/${a.name}/../../../${theirs}`,
      `../outputs/${theirs}`,
      `outputs/${A}/${a.task}/..%2f..%2f${B}%2f${b.task}%2f${b.name}`,
      `%2e%2e/%2e%2e/outputs/${theirs}`,
      `outputs/${A}/${a.task}/%252e%252e%252f%252e%252e%252f${theirs}`,
      `....//....//outputs/${theirs}`,
      `outputs/${A}/....//....//${theirs}`,
      '/etc/passwd',
      `/outputs/${theirs}`,
      `outputs/${A}/${a.task}/../../../inputs/${A}/${a.task}/input-0.mp4`,
      `outputs\\${A}\\${a.task}\\..\\..\\${B}\\${b.task}\\${b.name}`,
      `outputs/${theirs}\u0000`,
      `outputs/${theirs}%00`,
      `outputs/${A}/${a.task}/${a.name}\u0000/../../../${theirs}`,
      `outputs/${A}/${b.task}/${b.name}`,
      `outputs/${A}/${a.task}/\uff0e\uff0e/\uff0e\uff0e/${theirs}`,
      `outputs/${A}/${a.task}/\u2025/${theirs}`,
      `outputs/${A}/${a.task}/${'../'.repeat(1500)}outputs/${theirs}`,
      `outputs/${A}/${a.task}/${'a'.repeat(5000)}`,
      `outputs/${A}/${a.task}/..`,
      `outputs/${theirs}`,
      `file:///etc/passwd`,
      `s3://${bucket}/outputs/${theirs}`,
      `${testServices().s3}/${bucket}/outputs/${theirs}`,
    ];
    expect(variants.length).toBeGreaterThanOrEqual(15);
    const answers = await Promise.all(variants.map(async (path) => [path, await rawGet(a.key, filePath(path))] as [string, Answer]));
    expectNothingOf(b, answers);
    for (const [, answer] of answers) expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'not_found', param: 'path' } });
  });

  it('answers 400 naming path when it is missing or empty', async () => {
    for (const path of ['/file', '/file?path=', '/file?other=1']) {
      const answer = await rawGet(a.key, path);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { param: 'path' } });
    }
  });

  it("answers 404 to task ids that are traversals, not ids, or someone else's", async () => {
    const ids = [
      '..%2f..%2f',
      `..%2f..%2f${b.task}`,
      '%2e%2e',
      `%2e%2e%2f${b.task}`,
      '%252e%252e%252f',
      '12345',
      b.task,
      b.task.toUpperCase(),
      `${b.task}%00`,
      `${a.task}%2f..%2f${b.task}`,
      `${a.task}/../${b.task}`,
      '..\\..\\',
    ];
    // `/task/%2e%2e` and `/task/..\..\` alone are dot segments (backslashes are slashes in http URLs): they resolve to the
    // public index `/` before any route is matched, so only their /download forms are asked.
    const dotSegments = new Set(['%2e%2e', '..\\..\\']);
    const paths = ids.flatMap((id) => (dotSegments.has(id) ? [`/task/${id}/download`] : [`/task/${id}/download`, `/task/${id}`]));
    const answers = await Promise.all(paths.map(async (path) => [path, await rawGet(a.key, path)] as [string, Answer]));
    expectNothingOf(b, answers);
  });
});
