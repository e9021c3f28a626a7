import { testEndpoints } from '../support/endpoints';
import { confirmedUser, type TestUser } from '../support/billing';

/**
 * Input hygiene over HTTP: names people see hold text only, every JSON route
 * refuses unknown fields and wrong content types by one rule, and a voice
 * the API does not know is refused before any job is made.
 */

const endpoints = testEndpoints();
const UNSAFE = 'must not contain control characters, text-direction characters or < >';
let user: TestUser;
let apiKey = '';

beforeAll(async () => {
  user = await confirmedUser(endpoints, 'hygiene');
  await user.client.subscribe(user.token, 'elite');
  apiKey = (await user.client.createApiKey(user.token, 'hygiene')).key;
});

async function portal(method: string, path: string, body: string, contentType: string | null = 'application/json') {
  const response = await fetch(`${endpoints.portalApi}${path}`, {
    method,
    headers: { Authorization: `Bearer ${user.token}`, ...(contentType ? { 'Content-Type': contentType } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('names people see', () => {
  const hostile = [
    ['NUL', 'ann\u0000a'],
    ['a C1 control', 'ann\u0085a'],
    ['a right-to-left override', '\u202Eanna'],
    ['a bidi isolate', 'an\u2066na\u2069'],
    ['markup', '<img src=x onerror=alert(1)>'],
  ];

  it.each(hostile)('PUT /profile refuses a username with %s, naming the field, and keeps the stored one', async (_, username) => {
    expect(await portal('PUT', '/profile', JSON.stringify({ username: 'Anna' }))).toMatchObject({ status: 200 });
    expect(await portal('PUT', '/profile', JSON.stringify({ username }))).toEqual({ status: 400, body: { error: `username ${UNSAFE}` } });
    const profile = await fetch(`${endpoints.portalApi}/profile`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await profile.json()) as { username: string }).username).toBe('Anna');
  });

  it.each(hostile)('POST /generate-api-key refuses a name with %s, naming the field', async (_, name) => {
    expect(await portal('POST', '/generate-api-key', JSON.stringify({ name }))).toEqual({ status: 400, body: { error: `name ${UNSAFE}` } });
  });

  it('keeps names in any script, emoji included', async () => {
    expect(await portal('PUT', '/profile', JSON.stringify({ username: 'أنّا 👋' }))).toMatchObject({ status: 200, body: { username: 'أنّا 👋' } });
    expect(await portal('POST', '/generate-api-key', JSON.stringify({ name: 'Ключ 🚀' }))).toMatchObject({ status: 201, body: { apiKey: { name: 'Ключ 🚀' } } });
  });
});

describe('one rule for every JSON route', () => {
  const routes: [string, string, Record<string, unknown>][] = [
    ['POST', '/generate-api-key', { name: 'ci' }],
    ['PUT', '/profile', { username: 'Anna' }],
    ['PUT', '/preferences', { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'UTC' }],
    ['POST', '/stripe-checkout', { price_id: 'price_x', success_url: 'https://example.com/a', cancel_url: 'https://example.com/b', mode: 'subscription' }],
  ];

  it.each(routes)('%s %s refuses an unknown field, naming it', async (method, path, body) => {
    const answer = await portal(method, path, JSON.stringify({ ...body, is_admin: true }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Unknown field "is_admin": this request takes /);
  });

  it.each(routes)('%s %s refuses a JSON body sent as text/plain, and one without a Content-Type', async (method, path, body) => {
    const expected = { status: 400, body: { error: 'Send the request body as JSON, with Content-Type: application/json.' } };
    expect(await portal(method, path, JSON.stringify(body), 'text/plain;charset=UTF-8')).toEqual(expected);
    expect(await portal(method, path, JSON.stringify(body), 'application/x-www-form-urlencoded')).toEqual(expected);
    expect(await portal(method, path, JSON.stringify(body), null)).toEqual(expected);
  });

  it.each(routes)('%s %s refuses a charset other than UTF-8', async (method, path, body) => {
    expect(await portal(method, path, JSON.stringify(body), 'application/json; charset=utf-16')).toEqual({
      status: 400,
      body: { error: 'The charset "utf-16" is not supported; send JSON as UTF-8.' },
    });
  });
});

describe('voices the API knows', () => {
  const absentUpload = 'upl_AAAAAAAAAAAAAAAAAAAAAAAA';

  async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${endpoints.productApi}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(fields),
    });
    return { status: response.status, taskId: response.headers.get('x-task-id'), body: (await response.json()) as { error?: { param: string; message: string }; task_id?: string } };
  }

  it.each([
    ['/redub_tts', { script: 'Hello.' }],
    ['/redub_vc', {}],
  ])('%s refuses an unknown voice_id with a 400 naming it, before any job is made', async (path, extra) => {
    const answer = await post(path, { video_file_id: absentUpload, voice_id: 'no-such-voice', ...extra });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ param: 'voice_id', message: expect.stringContaining('local-slt') });
    expect(answer.body.task_id).toBeUndefined();
    expect(answer.taskId).toBeNull();
    // A built-in voice passes the same check: the request goes on to the upload look-up (404), still with no job.
    expect(await post(path, { video_file_id: absentUpload, voice_id: 'local-slt', ...extra })).toMatchObject({ status: 404, body: { error: { param: 'video_file_id' } } });
  });

  it('with a key of the caller, takes ElevenLabs voice ids and refuses other shapes', async () => {
    const headers = { 'X-ElevenLabs-Key': 'sk_caller_own_key' };
    const refused = await post('/redub_tts', { video_file_id: absentUpload, voice_id: 'local-slt', script: 'Hello.' }, headers);
    expect(refused).toMatchObject({ status: 400, body: { error: { param: 'voice_id', message: expect.stringContaining('20 letters and digits') } } });
    const passed = await post('/redub_tts', { video_file_id: absentUpload, voice_id: '21m00Tcm4TlvDq8ikWAM', script: 'Hello.' }, headers);
    expect(passed).toMatchObject({ status: 404, body: { error: { param: 'video_file_id' } } });
  });
});
