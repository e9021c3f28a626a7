import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAGE_THROTTLES, THROTTLE_RETRY_AFTER_SECONDS, throttleOf } from '@frameforge/functions/kernel/contracts/usage-plans';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';

/**
 * Every 429 says when to come back, whoever refused: the gateway's throttle
 * (a key's plan, or the whole stage) or our per-minute limit. No refusal of
 * another kind carries Retry-After, however spent the key's window is.
 */

const endpoints = testEndpoints();
const api = endpoints.productApi;
/** A well-formed task id nobody has: a read of it is a cheap 404 that passes every limit. */
const NO_TASK = '00000000-0000-4000-8000-000000000000';

interface Answer {
  status: number;
  headers: Headers;
  body: { task_id?: string; error?: { code: string; param: string | null } };
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${api}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Answer['body'] };
}
const keyed = (key: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { 'X-API-Key': key, ...(init.headers as Record<string, string> | undefined) } });

/** A gateway refusal: the JSON error, Retry-After, and none of our RateLimit headers (no code of ours ran). */
function expectThrottled(answer: Answer): void {
  expect(answer.body.error?.code).toBe('rate_limited');
  expect(answer.headers.get('retry-after')).toBe(String(THROTTLE_RETRY_AFTER_SECONDS));
  expect(answer.headers.get('ratelimit-policy')).toBeNull();
}

describe('Retry-After on every 429', () => {
  it("the gateway's throttle of a Basic key refuses a burst of task reads with Retry-After; after it, reads pass again", async () => {
    const key = await signedUpUserWithKey(endpoints, 'basic');
    const read = () => call(`/task/${NO_TASK}`, keyed(key));
    expect((await read()).status).toBe(404);
    // Well past the bucket: it refills a few tokens while the burst is served.
    const answers = await Promise.all(Array.from({ length: throttleOf('basic').burstLimit + 60 }, read));
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    for (const answer of throttled) expectThrottled(answer);
    for (const answer of answers.filter((a) => a.status !== 429)) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    await eventually(async () => ((await read()).status === 404 ? true : undefined), {
      timeoutMs: 5_000,
      intervalMs: THROTTLE_RETRY_AFTER_SECONDS * 1000,
      what: 'a task read once Retry-After has passed',
    });
  });

  it("the stage's throttle refuses a burst of keyless requests with Retry-After, then lets them through", async () => {
    // The stage's bucket refills fast (its rate is twice the largest plan's), so a
    // loaded machine can serve one burst slower than it refills: bursts follow
    // each other, over kept-alive connections, until the bucket runs dry.
    const answers: Answer[] = [];
    const deadline = Date.now() + 30_000;
    while (!answers.some((a) => a.status === 429) && Date.now() < deadline) {
      answers.push(...(await Promise.all(Array.from({ length: STAGE_THROTTLES.product.burstLimit + 100 }, () => call('/healthz')))));
    }
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    for (const answer of throttled) expectThrottled(answer);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true);
    await eventually(async () => ((await call('/healthz')).status === 200 ? true : undefined), {
      timeoutMs: 5_000,
      intervalMs: THROTTLE_RETRY_AFTER_SECONDS * 1000,
      what: 'the stage once Retry-After has passed',
    });
  });

  it("our per-minute limit answers 429 with the window's rest as Retry-After; a 400, a 401 and a task read sent then carry none", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'retry-after-')), 'clip.mp4');
    await makeTestVideo(path, 1);
    const clip = readFileSync(path);
    const key = await signedUpUserWithKey(endpoints, 'basic');
    const cut = (fields: Record<string, string>) => call('/cut', keyed(key, { method: 'POST', body: cutForm(fields, clip) }));

    const accepted: Answer[] = [];
    for (let i = 0; i < 3; i++) accepted.push(await cut({ duration: '0.5' }));
    expect(accepted.map((a) => a.status)).toEqual([202, 202, 202]);
    const refused = await cut({ duration: '0.5' });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get('ratelimit')).toBe(`"minute";r=0;t=${retryAfter}`);

    // The window is spent: a refused input still says where the key stands, and is no 429.
    const invalid = await cut({ start: 'soon' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.param).toBe('start');
    expect(invalid.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
    expect(invalid.headers.get('retry-after')).toBeNull();

    const unknownKey = await call('/account', { headers: { 'X-API-Key': 'ff_live_not-a-key' } });
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.headers.get('retry-after')).toBeNull();

    // A task read is not limited by the window: Retry-After there is only the polling pace of a running task.
    const task = await call(`/task/${accepted[0]?.body.task_id ?? ''}`, keyed(key));
    expect(task.status).toBe(200);
    // A running task's pace follows its progress, from 1 to 10 s; an ended task carries none.
    expect(task.headers.get('retry-after') ?? 'none').toMatch(/^([1-9]|10|none)$/);
  });
});
