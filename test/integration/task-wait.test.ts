import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TASK_WAIT_MAX_SECONDS } from '@frameforge/functions/features/jobs/contracts/task-wait';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';

/**
 * `GET /task/{id}?wait=`: the answer is held until the task ends, so a
 * client learns of the end at once instead of at its next poll, and a wait
 * that runs out answers the running task as a plain read would.
 */

const endpoints = testEndpoints();
const api = endpoints.productApi;

interface Read {
  status: number;
  headers: Headers;
  body: { status?: string; completed_at?: string | null; error?: { code: string; param: string | null } };
  sentAt: number;
  answeredAt: number;
}

async function read(key: string, path: string): Promise<Read> {
  const sentAt = Date.now();
  const response = await fetch(`${api}${path}`, { headers: { 'X-API-Key': key } });
  const body = (await response.json()) as Read['body'];
  return { status: response.status, headers: response.headers, body, sentAt, answeredAt: Date.now() };
}

describe('a task read that waits for the end', () => {
  it('answers when the task ends, and a wait that runs out answers the running task', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'task-wait-')), 'clip.mp4');
    await makeTestVideo(path, 2);
    const key = await signedUpUserWithKey(endpoints);
    const accepted = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm({ duration: '1' }, readFileSync(path)) });
    expect(accepted.status).toBe(202);
    const { task_id: id } = (await accepted.json()) as { task_id: string };

    const reads: Read[] = [];
    for (let last = reads.at(-1); reads.length < 6 && !['completed', 'failed', 'canceled'].includes(String(last?.body.status)); last = reads.at(-1)) {
      reads.push(await read(key, `/task/${id}?wait=${TASK_WAIT_MAX_SECONDS}`));
    }
    const ended = reads.at(-1);
    expect(ended?.status).toBe(200);
    expect(ended?.body.status).toBe('completed');
    expect(ended?.headers.get('retry-after')).toBeNull();
    // Seen within a few reads of the record (half a second apart while a short job gives no progress), not at the wait's end.
    expect((ended?.answeredAt ?? 0) - Date.parse(ended?.body.completed_at ?? '')).toBeLessThan(2_000);
    // Any answer before the end was held for the whole wait: the client was not sent back early.
    for (const running of reads.slice(0, -1)) {
      expect(running.answeredAt - running.sentAt).toBeGreaterThanOrEqual((TASK_WAIT_MAX_SECONDS - 1) * 1000);
      expect(running.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  }, 180_000);

  it('refuses a wait out of range with a 400 that names it, and answers another user’s task as missing at once', async () => {
    const key = await signedUpUserWithKey(endpoints);
    const someone = '00000000-0000-4000-8000-000000000000';
    for (const wait of [String(TASK_WAIT_MAX_SECONDS + 1), '-1', '2.5', 'soon']) {
      const refused = await read(key, `/task/${someone}?wait=${wait}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.param).toBe('wait');
    }
    const missing = await read(key, `/task/${someone}?wait=${TASK_WAIT_MAX_SECONDS}`);
    expect(missing.status).toBe(404);
    expect(missing.answeredAt - missing.sentAt).toBeLessThan((TASK_WAIT_MAX_SECONDS - 1) * 1000);
  });
});
