/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import * as z from 'zod';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { launchBrowser, snap, staysAbsent } from './browser';
import { signIn, subscribedUser } from './signed-in';

const endpoints = testEndpoints();

/** The parts of the served document this test compares the page with. */
const documentSchema = z.object({
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

let browser: Browser;
let page: Page;
let user: TestUser;
let baseUrl = '';
let operations: { method: string; path: string }[] = [];
let apiKey = '';
const KEY_NAME = 'docs example key';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** An accordion button: its name starts with the method and the path, then a space (so /task/{id} is not /task/{id}/download). */
const item = (on: Page, method: string, path: string): Locator => on.getByRole('button', { name: new RegExp(`^${method.toUpperCase()} ${escape(path)} `) });
const panelOf = async (on: Page, button: Locator): Promise<Locator> => on.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
const noHorizontalScroll = (on: Page) => on.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** Code blocks and long texts that stick out of the card they sit in (or out of the window), with what sticks out. */
const outsideTheirCard = (on: Page) =>
  on.evaluate(() =>
    Array.from(document.querySelectorAll('main pre, main code, main p, main dd')).flatMap((element) => {
      const box = element.getBoundingClientRect();
      // Code inside a block scrolls within it: the block itself is what must fit.
      if (box.width === 0 || element.parentElement?.closest('pre')) return [];
      const card = element.closest('.rounded-xl, .rounded-2xl, li, figure')?.getBoundingClientRect();
      const right = Math.min(card?.right ?? window.innerWidth, window.innerWidth);
      const left = Math.max(card?.left ?? 0, 0);
      return box.right > right + 1 || box.left < left - 1 ? [`${element.tagName} ${(element.textContent ?? '').slice(0, 60)}`] : [];
    }),
  );
/** Code blocks (each a figure) that stick out of the card around them or out of the window, named by their caption and by how far. */
const blocksOutsideTheirCard = (on: Page) =>
  on.evaluate(() =>
    Array.from(document.querySelectorAll('main figure')).flatMap((figure) => {
      const box = figure.getBoundingClientRect();
      if (box.width === 0) return [];
      const card = figure.parentElement?.closest('.rounded-xl, .rounded-2xl, li')?.getBoundingClientRect();
      const right = Math.min(card?.right ?? window.innerWidth, window.innerWidth);
      const left = Math.max(card?.left ?? 0, 0);
      const past = Math.max(box.right - right, left - box.left);
      return past > 1 ? [`${figure.querySelector('figcaption')?.textContent ?? 'code'} by ${Math.round(past)} px`] : [];
    }),
  );
/** The page's words outside code blocks: a backtick there is markdown left unrendered. */
const proseOf = (on: Page) =>
  on.evaluate(() => {
    const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    main?.querySelectorAll('pre').forEach((pre) => pre.remove());
    return main?.textContent ?? '';
  });

/** The docs page afresh, in English at the desktop size, every item closed: where each test starts. */
async function openDocs(): Promise<void> {
  // The load-failure test answers the document itself: never beyond its end.
  await page.unrouteAll();
  await page.setViewportSize({ width: 1280, height: 900 });
  // The language menu's choice stays in localStorage: the page is on the portal's origin since the sign-in.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.goto(`${endpoints.portal}/api-docs`);
  await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
}

/** Opens an item that starts closed; its panel. */
async function expand(method: string, path: string): Promise<Locator> {
  const button = item(page, method, path);
  await button.click();
  await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
  return panelOf(page, button);
}

beforeAll(async () => {
  const served = documentSchema.parse(await (await fetch(`${endpoints.productApi}/openapi.json`)).json());
  baseUrl = (served.servers[0]?.url ?? '').replace(/\/+$/, '');
  operations = Object.entries(served.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((method) => ({ method, path })));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  user = await subscribedUser('e2e-docs', 'basic');
  apiKey = (await user.client.createApiKey(user.token, KEY_NAME)).key;
  await signIn(page, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('the API docs page in the browser', () => {
  it('shows an error with a retry button when the document cannot be loaded, and recovers', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.goto(endpoints.portal);
    await page.route('**/openapi.json', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"upstream_unavailable"}}' }));
    await page.getByRole('link', { name: 'API Docs' }).first().click();
    await page.waitForURL('**/api-docs');
    await page.getByRole('alert').getByText('The API reference could not be loaded.').waitFor({ timeout: 15_000 });
    await page.getByText(/HTTP 503/).waitFor();
    await snap(page, 'api-docs-load-failed');
    await page.unroute('**/openapi.json');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
    await staysAbsent(page.getByRole('alert'), 'alert after the retry');
  });

  it('lists every operation of the served document, with the base URL and the plans', async () => {
    await openDocs();
    expect(baseUrl).toBe(endpoints.productApi.replace(/\/+$/, ''));
    for (const path of ['/cut', '/crop', '/merge_urls', '/captions/auto', '/frame/last', '/task/{id}']) {
      expect(operations.map((o) => o.path)).toContain(path);
    }
    for (const { method, path } of operations) {
      const button = item(page, method, path);
      await expect(button.count()).resolves.toBe(1);
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    }
    await expect(page.getByTestId('base-url').textContent()).resolves.toBe(baseUrl);
    const limits = page.getByRole('region', { name: 'Plans and rate limits' });
    await expect(limits.getByRole('row', { name: /Basic/ }).textContent()).resolves.toContain('3 requests/min');
    await expect(limits.getByRole('row', { name: /Boost/ }).textContent()).resolves.toContain('5 requests/min');
    await expect(limits.getByRole('row', { name: /Elite/ }).textContent()).resolves.toContain('Unlimited');
    // Plan badges come from x-plans: captions need Boost, voice conversion is a beta Elite feature.
    await expect(item(page, 'post', '/captions/auto').textContent()).resolves.toContain('Boost+');
    await expect(item(page, 'post', '/redub_vc').textContent()).resolves.toMatch(/Beta.*Elite/);
    await expect(item(page, 'post', '/crop').textContent()).resolves.not.toMatch(/Boost|Elite|Beta/);
    await snap(page, 'api-docs');
  });

  it('expands /crop: w and h required, a curl example with the base URL and the key, then Python', async () => {
    await openDocs();
    const crop = item(page, 'post', '/crop');
    await crop.click();
    await expect(crop.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = await panelOf(page, crop);
    await panel.getByTestId('param-w').waitFor();
    await expect(panel.getByTestId('param-w').textContent()).resolves.toContain('required');
    await expect(panel.getByTestId('param-h').textContent()).resolves.toContain('required');
    await expect(panel.getByTestId('param-x').textContent()).resolves.toContain('optional');
    await expect(panel.getByTestId('param-x').textContent()).resolves.toContain('0 ≤ x ≤ 7680');
    await expect(panel.getByTestId('param-download').textContent()).resolves.toMatch(/^download\s*boolean/);

    const curlTab = panel.getByRole('tab', { name: 'curl' });
    await expect(curlTab.getAttribute('aria-selected')).resolves.toBe('true');
    const curl = (await panel.getByRole('tabpanel').locator('pre').textContent()) ?? '';
    expect(curl).toContain(`curl -X POST ${baseUrl}/crop`);
    expect(curl).toContain("-H 'X-API-Key: YOUR_API_KEY'");
    expect(curl).toContain('-F file=@input.mp4');
    expect(curl).toMatch(/-F w=\d+/);
    await snap(page, 'api-docs-crop-curl');

    await panel.getByRole('tab', { name: 'Python' }).click();
    await expect(panel.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).resolves.toBe('true');
    const python = (await panel.getByRole('tabpanel').locator('pre').textContent()) ?? '';
    expect(python).toContain('import requests');
    expect(python).toContain(`"${baseUrl}/crop"`);
    expect(python).toContain('headers={"X-API-Key": "YOUR_API_KEY"}');
    expect(python).toContain('files=[("file", open("input.mp4", "rb"))]');

    // Arrow keys move between the tabs.
    await page.keyboard.press('ArrowLeft');
    await expect(panel.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(panel.getByRole('tabpanel').locator('pre').textContent()).resolves.toContain("import { FrameForge } from '@frameforge/sdk';");
    await snap(page, 'api-docs-crop-javascript');
  });

  it('fills every example with a key the user picks, and keeps it out of the address and storage', async () => {
    await openDocs();
    const crop = await expand('post', '/crop');
    await crop.getByRole('tab', { name: 'JavaScript' }).click();
    const picker = page.getByLabel('Fill the examples with');
    await expect(picker.inputValue()).resolves.toBe('');
    const option = picker.locator('option', { hasText: KEY_NAME });
    await expect(option.textContent()).resolves.toBe(`${KEY_NAME} (${apiKey.slice(0, 8)}…${apiKey.slice(-4)})`);
    await picker.selectOption({ label: (await option.textContent()) ?? '' });
    const code = crop.getByRole('tabpanel').locator('pre');
    await page.getByText('The examples below carry this key').waitFor();
    await expect(code.textContent()).resolves.toContain(`apiKey: '${apiKey}'`);
    const uploads = page.getByRole('region', { name: 'Large files' }).locator('pre');
    await expect(uploads.textContent()).resolves.toContain(`KEY=${apiKey}`);
    // The upload in parts has its own tabs: Python with the standard library only.
    await page.getByRole('region', { name: 'Large files' }).getByRole('tab', { name: 'Python' }).click();
    await expect(uploads.textContent()).resolves.toContain(`KEY = "${apiKey}"`);
    await expect(uploads.textContent()).resolves.toContain('import json, os, sys, urllib.error, urllib.request');
    await snap(page, 'api-docs-own-key');
    expect(page.url()).not.toContain(apiKey);
    const stored = await page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie]));
    expect(stored).not.toContain(apiKey);
    await picker.selectOption('');
    await expect(code.textContent()).resolves.toContain("apiKey: 'YOUR_API_KEY'");
    await staysAbsent(page.getByText(apiKey), 'key left on the page');
  });

  it('links to the API Keys page from the introduction, with its name', async () => {
    await openDocs();
    const link = page.getByRole('link', { name: 'API Keys', exact: true }).and(page.locator('main a'));
    await expect(link.getAttribute('href')).resolves.toBe('/api-keys');
  });

  it('opens and closes an item from the keyboard', async () => {
    await openDocs();
    const task = item(page, 'get', '/task/{id}');
    await task.focus();
    await page.keyboard.press('Enter');
    await expect(task.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = await panelOf(page, task);
    await expect(panel.getByTestId('param-id').textContent()).resolves.toContain('required');
    await expect(panel.getByRole('tabpanel').locator('pre').textContent()).resolves.toContain(`curl ${baseUrl}/task/`);
    await page.keyboard.press('Space');
    await expect(task.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(panel.isHidden()).resolves.toBe(true);
  });

  it('shows the account signing secret for callbacks', async () => {
    await openDocs();
    const callbacks = page.getByRole('region', { name: 'Callbacks' });
    await expect(callbacks.textContent()).resolves.toContain('FrameForge-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>');
    await callbacks.getByRole('button', { name: 'Show secret' }).click();
    const shown = (await callbacks.getByTestId('callback-secret').textContent()) ?? '';
    const { secret } = await user.client.call(user.token, 'GET', '/callback-secret', z.object({ secret: z.string() }));
    expect(shown).toBe(secret);
    expect(shown).toMatch(/^whsec_/);
  });

  it('reads in German: summaries, parameter notes, answers and error fields, with the markdown rendered', async () => {
    await openDocs();
    const panel = await expand('post', '/crop');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await page.getByRole('heading', { name: 'API-Dokumentation', level: 1 }).waitFor();
    const crop = item(page, 'post', '/crop');
    await expect(crop.textContent()).resolves.toContain('Das Bild auf ein Rechteck zuschneiden.');
    await expect(panel.getByTestId('param-w').textContent()).resolves.toContain('Breite des Rechtecks in Pixeln.');
    await expect(panel.getByTestId('param-file_id').locator('p code').allTextContents()).resolves.toEqual(['file_id', 'POST /uploads', 'output.file_id']);
    await expect(panel.getByRole('listitem').filter({ hasText: /^400/ }).textContent()).resolves.toContain('Ein Parameter fehlt oder ist ungültig; param nennt ihn.');
    await expect(page.getByRole('region', { name: 'Fehler' }).textContent()).resolves.toContain('Klare Worte, für Menschen.');
    await expect(item(page, 'post', '/merge_urls').textContent()).resolves.toContain('Videos von URLs mit Übergängen zusammenfügen.');
    expect(await proseOf(page)).not.toContain('`');
    await snap(page, 'api-docs-german');
    await page.getByLabel('Sprache', { exact: true }).selectOption('en');
    await page.getByRole('heading', { name: 'API Docs', level: 1 }).waitFor();
  });

  it('reads right to left in Arabic, with code kept left to right', async () => {
    await openDocs();
    const panel = await expand('post', '/crop');
    await page.getByLabel('Language', { exact: true }).selectOption('ar');
    await page.getByRole('heading', { name: 'توثيق API', level: 1 }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await expect(panel.getByTestId('param-w').textContent()).resolves.toContain('إلزامي');
    await expect(panel.getByTestId('param-w').textContent()).resolves.toContain('عرض المستطيل بالبكسل.');
    expect(await proseOf(page)).not.toContain('`');
    await expect(panel.getByRole('tabpanel').locator('pre').evaluate((pre) => getComputedStyle(pre).direction)).resolves.toBe('ltr');
    await snap(page, 'api-docs-arabic');
  });

  it('fits a 360 px phone: no horizontal page scroll, code and long lines inside their cards', async () => {
    await openDocs();
    const panel = await expand('post', '/crop');
    await page.getByLabel('Language', { exact: true }).selectOption('ar');
    await page.getByRole('heading', { name: 'توثيق API', level: 1 }).waitFor();
    await page.setViewportSize({ width: 360, height: 780 });
    await panel.getByRole('tab', { name: 'Python' }).click();
    await expect(noHorizontalScroll(page)).resolves.toBe(true);
    await expect(outsideTheirCard(page)).resolves.toEqual([]);
    await snap(page, 'api-docs-phone-arabic');
    // The long lines of the examples overflow inside their block, which scrolls.
    const code = panel.getByRole('tabpanel').locator('pre');
    await expect(code.evaluate((pre) => pre.scrollWidth > pre.clientWidth && getComputedStyle(pre).overflowX === 'auto')).resolves.toBe(true);

    await page.getByLabel('اللغة', { exact: true }).selectOption('en');
    await page.getByRole('heading', { name: 'API Docs', level: 1 }).waitFor();
    const mergeUrls = item(page, 'post', '/merge_urls');
    await mergeUrls.click();
    const merge = await panelOf(page, mergeUrls);
    await expect(merge.getByTestId('param-transition').textContent()).resolves.toContain('Boost+');
    // A list field repeats in the example.
    const curl = (await merge.getByRole('tabpanel').locator('pre').textContent()) ?? '';
    expect(curl.match(/-F urls=https:\/\/\S+/g)).toHaveLength(2);
    await expect(noHorizontalScroll(page)).resolves.toBe(true);
    await expect(outsideTheirCard(page)).resolves.toEqual([]);
    const uploads = page.getByRole('region', { name: 'Large files' }).locator('pre');
    await expect(uploads.evaluate((pre) => pre.scrollWidth <= pre.clientWidth || getComputedStyle(pre).overflowX === 'auto')).resolves.toBe(true);
    await snap(page, 'api-docs-phone');
  });

  it('keeps every code block inside its card at every width, the Large files programs included', async () => {
    await openDocs();
    await expand('post', '/cut');
    const largeFiles = page.getByRole('region', { name: 'Large files' });
    await largeFiles.scrollIntoViewIfNeeded();
    await expect(largeFiles.locator('figure').count()).resolves.toBeGreaterThan(0);
    const misfits: Record<number, string[]> = {};
    for (const width of [1536, 1280, 1024, 900, 768, 640, 480, 414, 360, 320]) {
      await page.setViewportSize({ width, height: 900 });
      const found = [...((await noHorizontalScroll(page)) ? [] : ['the page scrolls sideways']), ...(await blocksOutsideTheirCard(page)), ...(await outsideTheirCard(page))];
      if (found.length > 0) misfits[width] = found;
    }
    expect(misfits).toEqual({});
  });
});
