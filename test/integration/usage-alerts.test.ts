import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbProfileRepository } from '@frameforge/functions/features/profiles/adapters/dynamodb/profile-repository';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { ProfileRecord } from '@frameforge/functions/features/profiles/domain/profile';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually, holdsFor } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm, waitForTask } from '../support/product-user';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const services = testServices();
const profiles = new DynamoDbProfileRepository(
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  ),
  services.resources.tables.TABLE_USER_PROFILES ?? '',
);
let clip: Buffer;

interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
}

interface Customer {
  email: string;
  key: string;
}

/** A confirmed, subscribed user with a key; its profile row written first when preferences are given. */
async function customer(tier: Tier, preferences?: Partial<Pick<ProfileRecord, 'apiUsageAlerts' | 'emailNotifications'>>): Promise<Customer> {
  const { client, email, token } = await confirmedUser(endpoints, 'alerts');
  const userId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
  if (preferences) await profiles.update(userId, preferences, new Date().toISOString());
  await client.subscribe(token, tier);
  const { key } = await client.createApiKey(token, 'alerts');
  return { email, key };
}

async function mailsTo(email: string, subject: RegExp): Promise<Mail[]> {
  const mails = (await (await fetch(`${endpoints.inbox}/email`)).json()) as Mail[];
  return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()) && subject.test(m.subject));
}

function waitForMails(email: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail[]> {
  return eventually(
    async () => {
      const found = await mailsTo(email, subject);
      return found.length ? found : undefined;
    },
    { timeoutMs, intervalMs: 250, what: `an e-mail to ${email} matching ${String(subject)}` },
  );
}

/**
 * Proves an absence: no (further) e-mail comes. The count of each address's e-mails matching
 * the subject stays as expected all through the window, checked again and again, not once at its end.
 */
function mailCountsHold(expected: { email: string; subject: RegExp; count: number }[], forMs: number): Promise<void> {
  return holdsFor(
    async () => {
      for (const { email, subject, count } of expected) if ((await mailsTo(email, subject)).length !== count) return false;
      return true;
    },
    { forMs, what: `the e-mail counts ${expected.map(({ email, count }) => `${email}: ${count}`).join(', ')}` },
  );
}

/** A short cut, a new task each time: only requests that make a task count against the key (a replay would not). */
async function sameCut(key: string): Promise<number> {
  const response = await fetch(`${api}/cut`, {
    method: 'POST',
    headers: { 'X-API-Key': key },
    body: cutForm({ start: '0', duration: '0.5' }, clip),
  });
  await response.arrayBuffer();
  return response.status;
}

const USAGE_ALERT = /usage alert/i;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'alerts-')), 'clip.mp4');
  await makeTestVideo(path, 1);
  clip = readFileSync(path);
});

describe('usage alerts', () => {
  it('a Basic key at its limit: one e-mail with the figures and the upgrade link that day; none with the preference off', async () => {
    const [alerted, quiet] = await Promise.all([customer('basic'), customer('basic', { apiUsageAlerts: false })]);
    const statuses = { alerted: [] as number[], quiet: [] as number[] };
    // One after the other, so the fourth meets a spent window.
    for (let i = 0; i < 4; i++) {
      statuses.alerted.push(await sameCut(alerted.key));
      statuses.quiet.push(await sameCut(quiet.key));
    }
    expect(statuses.alerted).toEqual([202, 202, 202, 429]);
    expect(statuses.quiet).toEqual([202, 202, 202, 429]);

    const [mail, ...more] = await waitForMails(alerted.email, USAGE_ALERT);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/3 of its 3 requests/);
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).toContain('3 of its 3 requests');
      expect(body).toContain('(100%)');
      expect(body).toContain('Basic plan');
      expect(body).toContain(`${endpoints.portal}/subscription`);
    }

    // The key stays at its limit: more refusals, still the one e-mail that day.
    expect(await sameCut(alerted.key)).toBe(429);
    expect(await sameCut(alerted.key)).toBe(429);
    // The same requests, the same time: nothing for the user who turned the alerts off.
    await mailCountsHold(
      [
        { email: alerted.email, subject: USAGE_ALERT, count: 1 },
        { email: quiet.email, subject: USAGE_ALERT, count: 0 },
      ],
      3000,
    );
  });
});

describe('job-failure e-mails', () => {
  const failingCut = async (key: string) => {
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm({ start: '30', duration: '1' }, clip) });
    expect(response.status).toBe(202);
    const { task_id, status_url } = (await response.json()) as { task_id: string; status_url: string };
    const task = await waitForTask(api, key, status_url, 30_000);
    expect(task.status).toBe('failed');
    return { taskId: task_id, error: task.error as { message: string } };
  };

  it('a failed job: one e-mail with its task id and what went wrong', async () => {
    const user = await customer('basic');
    const { taskId, error } = await failingCut(user.key);
    const failedMail = new RegExp(`job failed.*${taskId}`, 'i');
    const [mail] = await waitForMails(user.email, failedMail);
    const firstLine = error.message.split('\n')[0] ?? '';
    expect(firstLine).toMatch(/^Error: start/);
    expect(mail?.text).toContain(`Task id: ${taskId}`);
    expect(mail?.text).toContain(firstLine);
    // One failed job, one request: no usage alert (1 of 3 is far from the limit).
    await mailCountsHold(
      [
        { email: user.email, subject: failedMail, count: 1 },
        { email: user.email, subject: USAGE_ALERT, count: 0 },
      ],
      2000,
    );
  });

  it('none with the e-mail notifications preference off', async () => {
    const user = await customer('basic', { emailNotifications: false });
    await failingCut(user.key);
    await mailCountsHold([{ email: user.email, subject: /job failed/i, count: 0 }], 3000);
  });
});
