/// <reference lib="dom" />
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import arCommon from '@frameforge/frontend/locales/ar/common.json';
import enCommon from '@frameforge/frontend/locales/en/common.json';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm } from '../support/product-user';
import { launchBrowser, snap } from './browser';
import { textsOf } from './portal-texts';
import { configuredProductApiUrl, signIn, subscribedUser } from './signed-in';

const endpoints = testEndpoints();
const en = textsOf('en');
const ar = textsOf('ar');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let productApiUrl = '';
/** The failed cut: its task, the request that made it, and the error the task ended with. */
const failed = { taskId: '', requestId: '', message: '' };

const shot = (name: string) => snap(page, `logs-failures-${name}`);
const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
const failedRow = (): Locator => page.locator(`[data-testid="log-row"][data-outcome="failed"]`).filter({ has: page.getByTestId('task-id').getByText(failed.taskId, { exact: true }) });

beforeAll(async () => {
  const clipPath = join(mkdtempSync(join(tmpdir(), 'logs-failures-')), 'clip.mp4');
  const [launched, user] = await Promise.all([launchBrowser(), subscribedUser('e2e-failures', 'elite'), makeTestVideo(clipPath, 2)]);
  browser = launched;
  const apiKey = (await user.client.createApiKey(user.token, 'failures key')).key;
  productApiUrl = await configuredProductApiUrl();

  // A cut that starts past the end of a 2 s video: accepted, then failed by the worker.
  const answer = await fetch(`${productApiUrl}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: '100' }, readFileSync(clipPath)) });
  expect(answer.status).toBe(202);
  failed.taskId = ((await answer.json()) as { task_id: string }).task_id;
  failed.requestId = answer.headers.get('x-request-id') ?? '';
  // Read at the pace a queued task asks for (Retry-After: 2), as the SDK would: each read is a row
  // of API Logs too, and reads four times a second while a loaded worker gets to the job pushed
  // the cut's own row off the page's first hundred.
  const task = await eventually(
    async () => {
      const read = (await (await fetch(`${productApiUrl}/task/${failed.taskId}`, { headers: { 'X-API-Key': apiKey } })).json()) as { status: string; error: { code: string; message: string } | null };
      return read.status === 'failed' ? read : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 2_000, what: 'the cut to fail' },
  );
  expect(task.error?.code).toBe('start_out_of_range');
  failed.message = task.error?.message.split('\n')[0] ?? '';

  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: endpoints.portal });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  page = await context.newPage();
  await signIn(page, user.email);
});

/** API Logs afresh, in English (the context's start script sets it on every load). */
async function openLogs(): Promise<void> {
  await page.goto(`${endpoints.portal}/api-logs`);
  await page.getByRole('heading', { name: en.logs.title }).waitFor();
}

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a failed job in API Logs', () => {
  it('shows the row as a failure, with its task id and status URL to copy (English)', async () => {
    await page.goto(endpoints.portal);
    await page.getByRole('link', { name: en.layout.nav.apiLogs }).first().click();
    await page.getByRole('heading', { name: en.logs.title }).waitFor();
    // The job ended before the page opened; a row still running would turn by itself.
    await failedRow().waitFor({ timeout: 30_000 });
    const row = failedRow();
    await expect(row.textContent()).resolves.toContain('202');
    await expect(row.getByTestId('task-outcome').textContent()).resolves.toContain(en.logs.outcome.failed);
    await expect(row.getByTestId('request-id').textContent()).resolves.toBe(failed.requestId);
    await expect(row.getByRole('button', { name: en.logs.viewError }).count()).resolves.toBe(1);
    await row.getByRole('button', { name: en.logs.copyTaskId }).click();
    await eventually(async () => ((await clipboard()) === failed.taskId ? true : undefined), { what: 'the copied task id' });
    await row.getByRole('button', { name: en.logs.copyStatusUrl }).click();
    await eventually(async () => ((await clipboard()) === `${productApiUrl}/task/${failed.taskId}` ? true : undefined), { what: 'the copied status URL' });
    await shot('en-row');
  });

  it("opens View Error on the job's error, in the API's words", async () => {
    await openLogs();
    await failedRow().getByRole('button', { name: en.logs.viewError }).click();
    const dialog = page.getByRole('dialog', { name: en.logs.errorModal.title });
    await dialog.waitFor();
    expect(failed.message).toMatch(/^Error: start \(100 s\) is at or beyond the end of the input/);
    await expect(dialog.getByTestId('error-summary').textContent()).resolves.toBe(failed.message);
    await dialog.getByText('Code: start_out_of_range').waitFor();
    await dialog.getByText(en.logs.errorModal.taskFailedNote).waitFor();
    await expect(dialog.getByTestId('error-task-id').textContent()).resolves.toBe(failed.taskId);
    await expect(dialog.getByTestId('error-status-url').textContent()).resolves.toBe(`${productApiUrl}/task/${failed.taskId}`);
    await shot('en-view-error');
    await dialog.getByRole('button', { name: en.logs.errorModal.close }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('finds the row by task id (the failure e-mail links there) and by request id, and among the errors', async () => {
    const search = page.getByLabel(en.logs.search.label, { exact: true });
    const rows = page.getByTestId('log-row');
    await page.goto(`${endpoints.portal}/api-logs?q=${failed.taskId}`);
    await expect(search.inputValue()).resolves.toBe(failed.taskId);
    await eventually(async () => ((await rows.count()) === 1 && (await failedRow().count()) === 1 ? true : undefined), { what: 'the row of the task alone' });
    await shot('en-search-task');
    await search.fill('');
    // The cut and the task reads that waited for it.
    await eventually(async () => ((await rows.count()) > 1 ? true : undefined), { what: 'every row again' });
    await search.fill(failed.taskId);
    await eventually(async () => ((await rows.count()) === 1 && (await failedRow().count()) === 1 ? true : undefined), { what: 'the row of the task, typed' });
    await search.fill(failed.requestId.toUpperCase());
    await eventually(async () => ((await rows.count()) === 1 && (await failedRow().count()) === 1 ? true : undefined), { what: 'the row of the request alone' });
    // Still searching the failed request: among the errors it stays, among the successes nothing is left.
    await page.getByLabel(en.logs.filter.label, { exact: true }).selectOption('error');
    await failedRow().waitFor();
    await page.getByLabel(en.logs.filter.label, { exact: true }).selectOption('success');
    await page.getByText(en.logs.empty.filtered).waitFor();
    await page.getByRole('button', { name: en.logs.clearFilters }).click();
    await expect(search.inputValue()).resolves.toBe('');
    await eventually(async () => ((await rows.count()) > 1 && (await failedRow().count()) === 1 ? true : undefined), { what: 'every row after clearing' });
  });

  it('reads the same failure in Arabic once the user switches the language', async () => {
    await openLogs();
    await page.getByLabel(enCommon.language).first().selectOption('ar');
    await page.getByRole('heading', { name: ar.logs.title }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    const row = failedRow();
    await expect(row.getByTestId('task-outcome').textContent()).resolves.toContain(ar.logs.outcome.failed);
    await row.getByRole('button', { name: ar.logs.viewError }).click();
    const dialog = page.getByRole('dialog', { name: ar.logs.errorModal.title });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: ar.logs.errorModal.whatWentWrong }).waitFor();
    await expect(dialog.getByTestId('error-summary').textContent()).resolves.toBe(ar.logs.errorCodes.start_out_of_range);
    // The API's own line, with its figures, stays among the technical details.
    await dialog.getByText(failed.message, { exact: true }).waitFor();
    await dialog.getByText(ar.logs.errorModal.taskFailedNote).waitFor();
    await shot('ar-view-error');
    await dialog.getByRole('button', { name: ar.logs.errorModal.close }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await shot('ar-row');
    // Back to English, as the user found it.
    await page.getByLabel(arCommon.language).first().selectOption('en');
    await page.getByRole('heading', { name: en.logs.title }).waitFor();
  });
});
