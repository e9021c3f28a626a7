/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import arDocs from '@frameforge/frontend/locales/ar/api-docs.json';
import enDocs from '@frameforge/frontend/locales/en/api-docs.json';
import arCommon from '@frameforge/frontend/locales/ar/common.json';
import enCommon from '@frameforge/frontend/locales/en/common.json';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { launchBrowser, snap } from './browser';
import { signIn, subscribedUser } from './signed-in';

/**
 * The try-it console of the API docs against the whole stack: on POST /cut
 * it sends the portal's sample with a test key straight from the browser to
 * the product API, follows the task with its progress and plays the output
 * in the page, beside the raw answer and the same request as curl. In
 * English, then in Arabic at a phone's width.
 */

const endpoints = testEndpoints();
type DocsTexts = typeof enDocs;

let browser: Browser;
let page: Page;
let testKeyId = '';
let testKeyMask = '';

const shot = (name: string) => snap(page, `try-it-${name}`);
const cutItem = () => page.getByRole('button', { name: /^POST \/cut / });
const consoleScripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('try-it-console')).length);

/** Opens POST /cut and its console; the console. */
async function openConsole(t: DocsTexts): Promise<Locator> {
  await cutItem().click();
  const panel = page.locator(`[id="${await cutItem().getAttribute('aria-controls')}"]`);
  // The console's code is fetched only now: the docs page itself does not carry it.
  await expect(consoleScripts()).resolves.toBe(0);
  await panel.getByRole('button', { name: t.tryIt.open, exact: true }).click();
  await panel.getByTestId('try-it-key').waitFor();
  await expect(consoleScripts()).resolves.toBe(1);
  return panel.getByTestId('try-it-console');
}

/** Picks the test key, sends the form as it opens (the sample, from 0 s for 2 s) and waits for the task to end. */
async function runCut(panel: Locator, t: DocsTexts): Promise<void> {
  const picker = panel.getByTestId('try-it-key');
  // Test keys come first: the first key offered is the test one.
  await expect(picker.locator('option').nth(1).getAttribute('value')).resolves.toBe(testKeyId);
  await picker.selectOption(testKeyId);
  await eventually(async () => ((await panel.getByRole('button', { name: t.tryIt.run }).isEnabled()) ? true : undefined), { timeoutMs: 10_000, what: 'the key to be opened' });
  await panel.getByRole('button', { name: t.tryIt.run }).click();
  const status = panel.getByTestId('try-it-status');
  await status.waitFor({ timeout: 20_000 });
  await expect(panel.getByRole('progressbar', { name: t.tryIt.progress }).count()).resolves.toBe(1);
  await eventually(async () => ((await status.textContent())?.includes(t.tryIt.task.completed) ? true : undefined), { timeoutMs: 90_000, what: 'the task to complete' });
}

/** The output plays in the page: its player has loaded the file and knows its length. */
async function outputDuration(panel: Locator): Promise<number> {
  const player = panel.locator('video[data-testid="try-it-output"]');
  await player.waitFor({ timeout: 20_000 });
  return eventually(async () => {
    const seconds = await player.evaluate((video: HTMLVideoElement) => (video.readyState >= 1 && video.duration > 0 ? video.duration : null));
    return seconds ?? undefined;
  }, { timeoutMs: 20_000, what: 'the output to load in the player' });
}

beforeAll(async () => {
  const [launched, user] = await Promise.all([launchBrowser(), subscribedUser('e2e-try-it', 'basic')]);
  browser = launched;
  // A live key made first, so a list by age alone would offer it first.
  await user.client.createApiKey(user.token, 'try-it live key');
  const created = await user.client.createApiKey(user.token, 'try-it test key', 'test');
  testKeyId = created.apiKey.id;
  testKeyMask = created.apiKey.masked_key;
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, user.email);
});

afterAll(async () => {
  await browser?.close();
});

/** Each test starts in English at the desktop size, whatever the test before left (the page is on the portal's origin since the sign-in). */
beforeEach(async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
});

describe('the try-it console of the API docs', () => {
  it('runs a cut of the sample with a test key and plays the output in the page, beside the raw answer and the curl', async () => {
    await page.goto(`${endpoints.portal}/api-docs`);
    await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
    const panel = await openConsole(enDocs);
    // The form, generated from the document: the sample in the upload, values the sample can serve.
    await expect(panel.getByLabel('start').inputValue()).resolves.toBe('0');
    await expect(panel.getByLabel('duration').inputValue()).resolves.toBe('2');
    await runCut(panel, enDocs);
    expect(await outputDuration(panel)).toBeGreaterThan(0.5);
    const raw = panel.locator('figure', { hasText: 'HTTP 200' }).locator('pre');
    await expect(raw.textContent()).resolves.toContain('"status": "completed"');
    const curl = (await panel.locator('figure', { hasText: 'curl' }).locator('pre').textContent()) ?? '';
    expect(curl).toContain('/cut');
    expect(curl).toContain('-F file=@sample.mp4');
    expect(curl).toContain('-F duration=2');
    // The key is masked in the code until the user asks to see it.
    expect(curl).toContain(`X-API-Key: ${testKeyMask}`);
    await shot('en');
  });

  it('does the same in Arabic at a phone’s width, right to left, without sideways scrolling', async () => {
    await page.goto(`${endpoints.portal}/api-docs`);
    await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
    await page.getByRole('combobox', { name: enCommon.language, exact: true }).first().selectOption('ar');
    await page.getByRole('heading', { name: arDocs.endpoints.title, exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    const panel = await openConsole(arDocs);
    await runCut(panel, arDocs);
    expect(await outputDuration(panel)).toBeGreaterThan(0.5);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await shot('ar-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('combobox', { name: arCommon.language, exact: true }).first().selectOption('en');
  });
});
