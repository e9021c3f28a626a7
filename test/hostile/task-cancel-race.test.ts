import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskView } from '@frameforge/functions/features/jobs/domain/task-view';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';

/**
 * The cancel of a real task, hammered: one caller's many cancels of the
 * same task at once, mixed with reads, odd bodies and content types, while
 * the task may be queued, running or ending. The hostile suite walks the
 * operation with ids nobody has; this drives its writes. Every answer is the
 * task canceled once (200, the same canceled_at) or the 409 that says it
 * ended first, never a 5xx.
 */

const endpoints = testEndpoints();
const api = endpoints.productApi;
let work = '';
let clip = '';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cancel-race-'));
  clip = join(work, 'clip.mp4');
  await makeTestVideo(clip, 2);
});
afterAll(() => rm(work, { recursive: true, force: true }));

const ODD_BODIES: { headers?: Record<string, string>; body?: string }[] = [
  {},
  { headers: { 'Content-Type': 'application/json' }, body: '{"reason":' },
  { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'completed', id: 'x'.repeat(5000) }) },
  { headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data\r\n\r\nv' },
  { headers: { 'Content-Type': 'text/plain; charset=utf-7' }, body: '+ADw-script+AD4-' },
];

describe('many cancels of one real task at once', () => {
  it('end it canceled once, or find it ended, and never answer a 5xx', async () => {
    const key = await signedUpUserWithKey(endpoints, 'elite');
    const headers = { 'X-API-Key': key };
    const accepted = await fetch(`${api}/cut`, { method: 'POST', headers, body: cutForm({ duration: '1' }, readFileSync(clip)) });
    expect(accepted.status).toBe(202);
    const { task_id: id } = (await accepted.json()) as { task_id: string };
    const calls = Array.from({ length: 24 }, async (_, i) => {
      const odd: { headers?: Record<string, string>; body?: string } = ODD_BODIES[i % ODD_BODIES.length] ?? {};
      const read = i % 8 === 7;
      const response = read
        ? await fetch(`${api}/task/${id}`, { headers })
        : await fetch(`${api}/task/${id}/cancel${i % 3 === 2 ? '?force=1&id=other' : ''}`, { method: 'POST', headers: { ...headers, ...odd.headers }, ...(odd.body ? { body: odd.body } : {}) });
      const variant = read ? 'GET /task' : `cancel ${i % 3 === 2 ? 'with a query ' : ''}${JSON.stringify(odd.headers ?? {})} ${odd.body?.slice(0, 40) ?? ''}`;
      return { variant, read, status: response.status, body: (await response.json()) as TaskView & { error?: { code: string } } };
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const cancels = answers.filter((a) => !a.read);
    for (const a of cancels) expect([200, 409]).toContain(a.status);
    const final = (await (await fetch(`${api}/task/${id}`, { headers })).json()) as TaskView;
    if (final.status === 'canceled') {
      // Canceled once: every 200 shows the same moment, and nothing else wrote an end.
      const moments = new Set(cancels.filter((a) => a.status === 200).map((a) => a.body.canceled_at));
      expect([...moments]).toEqual([final.canceled_at]);
      expect(final.output).toBeNull();
    } else {
      // It completed before the first cancel: every cancel says so, and it stays completed.
      expect(final.status).toBe('completed');
      for (const a of cancels) expect(a.body.error?.code).toBe('task_already_ended');
    }
  }, 120_000);
});
