/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import arCommon from '@frameforge/frontend/locales/ar/common.json';
import enCommon from '@frameforge/frontend/locales/en/common.json';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { makeTestVideo } from '../support/media';
import { cutForm, waitForTask } from '../support/product-user';
import { launchBrowser, snap, staysAbsent } from './browser';
import { textsOf } from './portal-texts';
import { configuredProductApiUrl, signIn, subscribedUser } from './signed-in';

/**
 * The portal's Tasks page against the whole stack: a task made through the
 * product API with a key from the portal is listed, opened, its output
 * played; its callback (received by the test's fixture server) is resent and the new try shows; a long re-encode is canceled from its
 * page; API Logs rows and task pages link to each other. In English, then
 * in Arabic at a phone's width.
 */

const exec = promisify(execFile);
const endpoints = testEndpoints();
const en = textsOf('en');
const ar = textsOf('ar');

let browser: Browser;
let user: TestUser;
/** This test's own context and page, signed in afresh in English (see beforeEach). */
let context: BrowserContext;
let page: Page;
let receiver: FixtureServer | undefined;
let work = '';
let productApiUrl = '';
let apiKey = '';
/** A completed cut whose callback was delivered once; read only: a test that resends a callback makes a task of its own. */
let doneId = '';
let clip = '';
let longClip = '';

const shot = (name: string) => snap(page, `tasks-page-${name}`);
const row = (id: string) => page.locator(`[data-testid="task-row"][data-task-id="${id}"]`);
const attempts = () => page.getByTestId('callback-attempt');
const deliveriesOf = (id: string) => (receiver?.requests ?? []).filter((r) => r.method === 'POST' && r.body.toString('utf8').includes(id));

async function submit(path: string, form: FormData): Promise<string> {
  const answer = await fetch(`${productApiUrl}${path}`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: form });
  expect(answer.status).toBe(202);
  return ((await answer.json()) as { task_id: string }).task_id;
}

/** A cut of the short clip with a callback to the receiver, completed and its callback delivered once: its task id. */
async function completedCutWithCallback(orderId: string): Promise<string> {
  if (!receiver) throw new Error('the callback receiver did not start');
  const id = await submit('/cut', cutForm({ duration: '1', callback_url: `${receiver.origin}/hook`, 'metadata[order_id]': orderId }, readFileSync(clip)));
  expect(await waitForTask(productApiUrl, apiKey, `/task/${id}`, 60_000)).toMatchObject({ status: 'completed' });
  await eventually(() => (deliveriesOf(id).length === 1 ? true : undefined), { timeoutMs: 30_000, what: `the first callback of ${id}` });
  return id;
}

/** Opens a task's page; waits for its heading and its one delivered callback try. */
async function openTask(id: string, title: string): Promise<void> {
  await page.goto(`${endpoints.portal}/tasks/${id}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await attempts().first().waitFor();
  expect(await attempts().count()).toBe(1);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tasks-page-'));
  clip = join(work, 'clip.mp4');
  // A minute of 1080p: ten seconds made once, then looped by stream copy (quick to make, slow to re-encode).
  const tenSeconds = join(work, 'ten.mp4');
  const [launched, subscriber] = await Promise.all([
    launchBrowser(),
    subscribedUser('e2e-tasks', 'elite'),
    makeTestVideo(clip, 2),
    exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=10:size=1920x1080:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', tenSeconds]),
  ]);
  browser = launched;
  user = subscriber;
  longClip = join(work, 'long-1080p.mp4');
  await exec('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '5', '-i', tenSeconds, '-c', 'copy', longClip]);
  apiKey = (await user.client.createApiKey(user.token, 'tasks key')).key;
  productApiUrl = await configuredProductApiUrl();
  // The one address on this machine the stack's fetcher may post callbacks to.
  receiver = await startFixtureServer();
  receiver.route('/hook', () => ({ status: 200, body: 'ok' }));

  doneId = await completedCutWithCallback('A1');
}, 180_000);

/** Each test on a page of a context of its own, signed in afresh, in English at the desktop size: no test starts where another left off. */
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  page = await context.newPage();
  await signIn(page, user.email);
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the Tasks page', () => {
  it('lists the task made through the API, with its status, operation and metadata (English)', async () => {
    await page.getByRole('link', { name: en.layout.nav.tasks }).first().click();
    await page.getByRole('heading', { name: en.tasks.title, level: 1 }).waitFor();
    await row(doneId).waitFor();
    await expect(row(doneId).getByTestId('task-status').textContent()).resolves.toContain(en.tasks.status.completed);
    await expect(row(doneId).textContent()).resolves.toContain('/cut');
    await expect(row(doneId).getByTestId('metadata-chip').textContent()).resolves.toBe('order_id=A1');
    // Filtered to failed tasks, the completed one is gone and the page says why.
    await page.getByLabel(en.tasks.filter.status, { exact: true }).selectOption('failed');
    await page.getByText(en.tasks.empty.filtered).waitFor();
    await page.getByRole('button', { name: en.tasks.clearFilters }).click();
    await row(doneId).waitFor();
    await shot('en-list');
  });

  it('opens the task and plays its output, with its inputs and its callback try', async () => {
    await page.goto(`${endpoints.portal}/tasks`);
    await row(doneId).getByRole('link').first().click();
    await page.getByRole('heading', { name: `${en.tasks.detail.title} /cut`, level: 1 }).waitFor();
    await expect(page.getByTestId('task-id').textContent()).resolves.toBe(doneId);
    const player = page.locator('video[data-testid="output-player"]');
    await player.waitFor();
    const duration = await eventually(async () => {
      const seconds = await player.evaluate((video: HTMLVideoElement) => (video.readyState >= 1 ? video.duration : null));
      return seconds ?? undefined;
    }, { timeoutMs: 20_000, what: 'the output to load in the player' });
    expect(duration).toBeGreaterThan(0.5);
    await expect(page.getByRole('link', { name: en.tasks.detail.download }).getAttribute('href')).resolves.toMatch(/^http/);
    await expect(page.getByTestId('task-inputs').textContent()).resolves.toContain('input.mp4');
    await expect(page.getByTestId('task-params').textContent()).resolves.toContain('duration');
    // The one try, delivered.
    await attempts().first().waitFor();
    expect(await attempts().count()).toBe(1);
    await expect(attempts().last().getAttribute('data-ok')).resolves.toBe('true');
    await shot('en-task');
  });

  it('resends the callback: the receiver gets the same signed event again and the new try shows', async () => {
    const resentId = await completedCutWithCallback('B2');
    await openTask(resentId, `${en.tasks.detail.title} /cut`);
    await page.getByRole('button', { name: en.tasks.detail.resend }).click();
    await eventually(async () => ((await attempts().count()) === 2 ? true : undefined), { timeoutMs: 30_000, what: 'the resent try on the page' });
    await expect(attempts().last().getAttribute('data-ok')).resolves.toBe('true');
    expect(deliveriesOf(resentId)).toHaveLength(2);
    const [first, second] = deliveriesOf(resentId);
    expect(second?.headers['frameforge-event-id']).toBe(first?.headers['frameforge-event-id']);
    expect(second?.headers['frameforge-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await shot('en-resent');
  });

  it('links the task to its API Logs rows and back', async () => {
    await page.goto(`${endpoints.portal}/tasks/${doneId}`);
    await page.getByRole('heading', { name: `${en.tasks.detail.title} /cut`, level: 1 }).waitFor();
    await page.getByRole('link', { name: en.tasks.detail.viewLogs }).click();
    await page.getByRole('heading', { name: en.logs.title }).waitFor();
    await expect(page.getByLabel(en.logs.search.label, { exact: true }).inputValue()).resolves.toBe(doneId);
    const logRow = page.getByTestId('log-row').filter({ has: page.getByTestId('task-id').getByText(doneId, { exact: true }) }).first();
    await logRow.waitFor();
    await logRow.getByRole('link', { name: en.logs.openTask }).click();
    await page.getByRole('heading', { name: `${en.tasks.detail.title} /cut`, level: 1 }).waitFor();
    expect(page.url()).toBe(`${endpoints.portal}/tasks/${doneId}`);
  });

  it('cancels a long re-encode from its page, after a confirmation', async () => {
    const created = await fetch(`${productApiUrl}/uploads`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_name: 'long-1080p.mp4', content_type: 'video/mp4' }),
    });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { file_id: string; upload_url: string; headers: Record<string, string> };
    expect((await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(readFileSync(longClip)) })).status).toBe(200);
    const longId = await submit('/crop', cutForm({ file_id: ticket.file_id, w: '1280', h: '720' }));

    await page.goto(`${endpoints.portal}/tasks/${longId}`);
    await page.getByRole('heading', { name: `${en.tasks.detail.title} /crop`, level: 1 }).waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: en.tasks.detail.cancel }).click();
    await page.locator('[data-testid="task-status"][data-status="canceled"]').waitFor({ timeout: 15_000 });
    expect(asked).toBe(en.tasks.detail.cancelConfirm);
    await staysAbsent(page.getByRole('button', { name: en.tasks.detail.cancel }), 'Cancel on the canceled task');
    await shot('en-canceled');
    // The API says the same.
    const read = (await (await fetch(`${productApiUrl}/task/${longId}`, { headers: { 'X-API-Key': apiKey } })).json()) as { status: string };
    expect(read.status).toBe('canceled');
  });

  it('reads the same in Arabic at a phone’s width, right to left, and resends from there', async () => {
    const resentId = await completedCutWithCallback('C3');
    await page.goto(`${endpoints.portal}/tasks`);
    await page.getByRole('heading', { name: en.tasks.title, level: 1 }).waitFor();
    await page.getByLabel(enCommon.language).first().selectOption('ar');
    await page.getByRole('heading', { name: ar.tasks.title, level: 1 }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(row(doneId).getByTestId('task-status').textContent()).resolves.toContain(ar.tasks.status.completed);
    await expect(row(resentId).getByTestId('task-status').textContent()).resolves.toContain(ar.tasks.status.completed);
    // The page never scrolls sideways: the table scrolls inside its card.
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await shot('ar-list');

    await row(resentId).getByRole('link').first().click();
    await page.getByRole('heading', { name: `${ar.tasks.detail.title} /cut`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: ar.tasks.detail.callback, level: 2 }).waitFor();
    await attempts().first().waitFor();
    expect(await attempts().count()).toBe(1);
    await page.getByRole('button', { name: ar.tasks.detail.resend }).click();
    await eventually(async () => ((await attempts().count()) === 2 ? true : undefined), { timeoutMs: 30_000, what: 'the resent try on the Arabic page' });
    expect(deliveriesOf(resentId)).toHaveLength(2);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await shot('ar-task');
    // Back to English, as the user found it.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel(arCommon.language).first().selectOption('en');
    await page.getByRole('heading', { name: `${en.tasks.detail.title} /cut`, level: 1 }).waitFor();
  });
});
