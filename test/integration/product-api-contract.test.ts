import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { makeTestVideo } from '../support/media';
import { signedUpUserWithKey, waitForTask } from '../support/product-user';

/**
 * The request contract over HTTP (spec §5, §7, §9): refused requests are
 * 400s that name the field, in each body encoding, and are refused before
 * anything is made. Every URL in a refused request points at the fixture
 * server, which the worker would fetch for any job created; a valid control
 * request shows that it does, and that the Idempotency-Key a refused request
 * carried was never claimed.
 */

const endpoints = testEndpoints();
const api = endpoints.productApi;
const IDEMPOTENCY_KEY = `contract-${Date.now()}`;
let apiKey = '';
let fixtures: FixtureServer;
let control: Buffer;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'frameforge-contract-')), 'control.mp4');
  [apiKey] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), makeTestVideo(path, 1)]);
  control = readFileSync(path);
  fixtures = await startFixtureServer();
  fixtures.serve('/media/control.mp4', control, 'video/mp4');
});

afterAll(async () => {
  await fixtures.close();
});

/** A URL the worker would fetch if a job were made from a refused request. */
const refusedUrl = (name: string) => `${fixtures.origin}/refused/${name}`;
const tinyPart = () => new Blob([new Uint8Array([0, 0, 0, 24])], { type: 'video/mp4' });

type Body = FormData | URLSearchParams | Record<string, unknown>;

function multipart(fields: [string, string][], files: [string, string][] = []): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const [name, fileName] of files) form.append(name, tinyPart(), fileName);
  return form;
}

async function post(path: string, body: Body, headers: Record<string, string> = {}) {
  const isJson = !(body instanceof FormData) && !(body instanceof URLSearchParams);
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'X-API-Key': apiKey, ...(isJson ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: isJson ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  return { response, text };
}

async function expectRefused(path: string, body: Body, param: string, headers: Record<string, string> = {}) {
  const { response, text } = await post(path, body, headers);
  expect({ path, status: response.status, body: text }).toMatchObject({ status: 400 });
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const { error } = JSON.parse(text) as { error: { code: string; message: string; param: string | null }; task_id?: string };
  expect(error).toMatchObject({ code: 'invalid_request', param });
  expect(error.message).toContain(param);
  expect(text).not.toMatch(/task_id/);
  expect(response.headers.get('x-task-id')).toBeNull();
  return error;
}

describe('product API request contract over HTTP', () => {
  it('refuses multipart requests that break a documented rule, naming the field', async () => {
    await expectRefused('/crop', multipart([['url', refusedUrl('crop.mp4')], ['w', '320']]), 'h');
    await expectRefused('/merge', multipart([], [['files[]', 'only.mp4']]), 'files');
    await expectRefused('/frame/last', multipart([['url', refusedUrl('frame-1.mp4')], ['jpg_quality', '1']]), 'jpg_quality');
    await expectRefused('/frame/last', multipart([['url', refusedUrl('frame-32.mp4')], ['jpg_quality', '32']]), 'jpg_quality');
    const tts = await expectRefused('/redub_tts', multipart([['video_url', refusedUrl('tts.mp4')], ['voice_id', 'voice-1']]), 'script');
    expect(tts.message).toMatch(/script_url.*tts_audio_file.*tts_audio_url/);
    await expectRefused('/captions/auto', multipart([['video_url', refusedUrl('captions.mp4')], ['offset_x', '201']]), 'offset_x');
    const urls: [string, string][] = [['urls[]', refusedUrl('a.mp4')], ['urls[]', refusedUrl('b.mp4')]];
    await expectRefused('/merge_urls', multipart([...urls, ['transition', 'spin']]), 'transition');
    await expectRefused('/redub', multipart([['video_url', refusedUrl('redub.mp4')], ['voice_url', refusedUrl('voice.mp3')], ['bg_source', 'external']]), 'me_file');
    await expectRefused('/cut', multipart([['url', refusedUrl('cut.mp4')], ['colour', 'red']]), 'colour');
  });

  it('reads files and files[] as one list: 11 + 10 parts are over the 20-file limit', async () => {
    const parts: [string, string][] = Array.from({ length: 21 }, (_, i) => [i % 2 ? 'files[]' : 'files', `part-${i}.mp4`]);
    const error = await expectRefused('/merge', multipart([], parts), 'files');
    expect(error.message).toMatch(/at most 20/);
  });

  it('refuses JSON bodies the same way', async () => {
    await expectRefused('/merge_urls', { urls: [refusedUrl('one.mp4')] }, 'urls');
    await expectRefused('/merge_urls', { urls: [refusedUrl('c.mp4'), refusedUrl('d.mp4')], transition: 'custom' }, 'transition_expr');
    await expectRefused('/redub_vc', { video_url: refusedUrl('vc.mp4') }, 'voice_id');
    await expectRefused('/crop', { url: refusedUrl('crop-json.mp4'), w: 1.5, h: 240 }, 'w');
  });

  it('refuses urlencoded bodies the same way, holding no Idempotency-Key', async () => {
    await expectRefused('/cut', new URLSearchParams({ url: refusedUrl('cut-form.mp4'), start: 'soon' }), 'start', { 'Idempotency-Key': IDEMPOTENCY_KEY });
    await expectRefused('/crop', new URLSearchParams({ url: refusedUrl('crop-form.mp4'), h: '240' }), 'w');
  });

  it('made no job of any of them: a valid request with the same Idempotency-Key is new, and only its URL is fetched', async () => {
    const { response, text } = await post('/cut', { url: `${fixtures.origin}/media/control.mp4`, duration: 0.5 }, { 'Idempotency-Key': IDEMPOTENCY_KEY });
    expect({ status: response.status, body: text }).toMatchObject({ status: 202 });
    const accepted = JSON.parse(text) as { status_url: string };
    // The worker fetches a job's URL input: the control proves a created job would have shown up here.
    const task = await waitForTask(api, apiKey, accepted.status_url, 20_000);
    expect(task.status).toBe('completed');
    expect(fixtures.requests.filter((r) => r.path === '/media/control.mp4').length).toBeGreaterThanOrEqual(1);
    expect(fixtures.requests.filter((r) => r.path.startsWith('/refused/')).map((r) => r.path)).toEqual([]);
  });
});
