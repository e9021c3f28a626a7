import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';

const endpoints = testEndpoints();
const api = endpoints.productApi;
let clip: Buffer;

interface Answer {
  status: number;
  headers: Headers;
  body: { task_id?: string; error?: { code: string; message: string; param: string | null } };
}

const post = async (key: string, path: string, body: FormData, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(`${api}${path}`, { method: 'POST', headers: { 'X-API-Key': key, ...headers }, body, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
};
const cut = (key: string) => post(key, '/cut', cutForm({ duration: '0.5' }, clip));
const burst = (key: string, count: number) => Promise.all(Array.from({ length: count }, () => cut(key)));
const remaining = (answer: Answer) => Number(/;r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1] ?? NaN);
const policy = (quota: number) => `"minute";q=${quota};w=60`;
/** API Gateway's own usage-plan throttle answers before our code, without our headers. */
const fromGateway = (answer: Answer) => answer.status === 429 && !answer.headers.has('ratelimit-policy');

/** What a burst must look like: exactly `quota` accepted, the rest 429 from our limit, all with the headers. */
function expectLimited(answers: Answer[], quota: number): Answer[] {
  expect(answers.filter(fromGateway)).toHaveLength(0);
  const accepted = answers.filter((a) => a.status === 202);
  const refused = answers.filter((a) => a.status === 429);
  expect(accepted).toHaveLength(quota);
  expect(refused).toHaveLength(answers.length - quota);
  for (const answer of answers) {
    expect(answer.headers.get('ratelimit-policy')).toBe(policy(quota));
    expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+$/);
  }
  // Each admitted request took one from the window: r counts down quota-1 … 0.
  expect(accepted.map(remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: quota }, (_, i) => quota - 1 - i));
  for (const answer of refused) {
    expect(remaining(answer)).toBe(0);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(answer.headers.get('ratelimit')).toBe(`"minute";r=0;t=${retryAfter}`);
    // Never beyond the window, even for a request whose clock read came a few ms before the window opened.
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.body.error).toMatchObject({ code: 'rate_limited' });
  }
  return accepted;
}

const keys: Partial<Record<Tier | 'gates', string>> = {};
const keyOf = async (name: Tier | 'gates', tier: Tier) => (keys[name] ??= await signedUpUserWithKey(endpoints, tier));

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'limits-')), 'clip.mp4');
  await makeTestVideo(path, 1);
  clip = readFileSync(path);
});

describe('per-key request limits', () => {
  it('Basic: 50 concurrent requests admit exactly 3; the rest are 429 with Retry-After; polling is not counted', async () => {
    const key = await keyOf('basic', 'basic');
    const answers = await burst(key, 50);
    const accepted = expectLimited(answers, 3);

    // Reading a task only reads the window: still answered after the limit, with the headers.
    for (let i = 0; i < 3; i++) {
      const task = await fetch(`${api}/task/${accepted[0]?.body.task_id ?? ''}`, { headers: { 'X-API-Key': key } });
      expect(task.status).toBe(200);
      expect(task.headers.get('ratelimit-policy')).toBe(policy(3));
      expect(task.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
      await task.arrayBuffer();
    }
    // And still refused afterwards: the GETs neither spent nor gave back any of the allowance.
    const again = await cut(key);
    expect(again.status).toBe(429);
  });

  it('gives the place back when the input is refused after the count: only requests that make a task use the allowance', async () => {
    // An internal URL is refused in the handler, after the limit took the request's place.
    const key = await signedUpUserWithKey(endpoints, 'basic');
    for (let i = 0; i < 4; i++) {
      const answer = await post(key, '/cut', cutForm({ url: 'http://10.0.0.1/a.mp4' }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ param: 'url' });
      expect(answer.headers.get('ratelimit-policy')).toBe(policy(3));
      expect(remaining(answer)).toBe(3);
    }
    expect(remaining(await cut(key))).toBe(2);
  });

  it('never counts an Idempotency-Key replay, and answers it once the window is spent', async () => {
    const key = await signedUpUserWithKey(endpoints, 'basic');
    const form = () => cutForm({ start: '0', duration: '1' }, clip);
    const first = await post(key, '/cut', form(), { 'Idempotency-Key': 'limits-replay-1' });
    expect(first.status).toBe(202);
    expect(remaining(first)).toBe(2);
    const replay = await post(key, '/cut', form(), { 'Idempotency-Key': 'limits-replay-1' });
    expect([replay.status, replay.body.task_id, remaining(replay)]).toEqual([202, first.body.task_id, 2]);
    expect(remaining(await cut(key))).toBe(1);
    expect(remaining(await cut(key))).toBe(0);
    expect((await cut(key)).status).toBe(429);
    const late = await post(key, '/cut', form(), { 'Idempotency-Key': 'limits-replay-1' });
    expect([late.status, late.body.task_id]).toEqual([202, first.body.task_id]);
  });

  it('answers a validation 400 (refused before the count) with the RateLimit headers, without counting it', async () => {
    const key = await signedUpUserWithKey(endpoints, 'basic');
    const answer = await post(key, '/cut', cutForm({ start: 'soon' }, clip));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ param: 'start' });
    expect(answer.headers.get('ratelimit-policy')).toBe(policy(3));
    expect(remaining(answer)).toBe(3);
    expect(remaining(await cut(key))).toBe(2);
  });

  it('Boost: GETs first do not count; then 50 concurrent requests admit exactly 5', async () => {
    const key = await keyOf('boost', 'boost');
    for (const path of ['/account', '/task/00000000-0000-4000-8000-000000000000', '/account']) {
      const answer = await fetch(`${api}${path}`, { headers: { 'X-API-Key': key } });
      expect(answer.headers.get('ratelimit-policy')).toBe(policy(5));
      expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=5;t=\d+$/);
      await answer.arrayBuffer();
    }
    expectLimited(await burst(key, 50), 5);
  });

  it('Elite: 20 concurrent requests are all accepted', async () => {
    const answers = await burst(await keyOf('elite', 'elite'), 20);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 202));
    expect(new Set(answers.map((a) => a.body.task_id)).size).toBe(20);
    // No product limit, so no policy to announce.
    for (const answer of answers) expect(answer.headers.get('ratelimit-policy')).toBeNull();
  });
});

describe('plan gates', () => {
  const expectPlanRequired = (answer: Answer, param: string, plan: RegExp, quota: number) => {
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'plan_required', param });
    expect(answer.body.error?.message).toMatch(plan);
    expect(answer.headers.get('ratelimit-policy')).toBe(policy(quota));
  };
  const video = () => new Blob([new Uint8Array(clip)], { type: 'video/mp4' });

  it('Basic: a merge with a transition is 403 naming transition and Boost', async () => {
    const form = new FormData();
    form.append('urls', 'https://media.example.com/a.mp4');
    form.append('urls', 'https://media.example.com/b.mp4');
    form.append('transition', 'fade');
    expectPlanRequired(await post(await keyOf('gates', 'basic'), '/merge_urls', form), 'transition', /Boost/, 3);
  });

  it('Basic: auto captions are 403 naming video', async () => {
    const form = new FormData();
    form.append('video', video(), 'clip.mp4');
    expectPlanRequired(await post(await keyOf('gates', 'basic'), '/captions/auto', form), 'video', /Boost/, 3);
  });

  it('Boost: voice conversion is 403 naming voice_id (Elite only)', async () => {
    const form = new FormData();
    form.append('video_file', video(), 'clip.mp4');
    form.append('voice_id', 'local-rms');
    expectPlanRequired(await post(await keyOf('boost', 'boost'), '/redub_vc', form), 'voice_id', /Elite/, 5);
  });

  it('Basic: bg_source=separate is 403 naming bg_source', async () => {
    const form = new FormData();
    form.append('video_file', video(), 'clip.mp4');
    form.append('voice_file', video(), 'voice.mp4');
    form.append('bg_source', 'separate');
    expectPlanRequired(await post(await keyOf('gates', 'basic'), '/redub', form), 'bg_source', /Elite/, 3);
  });

  it('did not count the refused requests: the gated key still has its whole allowance', async () => {
    const answer = await cut(await keyOf('gates', 'basic'));
    expect(answer.status).toBe(202);
    expect(remaining(answer)).toBe(2);
  });
});
