/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { TEST_AUTHORIZER_CACHE_SECONDS } from '../support/stack-process';
import { launchBrowser, snap } from './browser';
import { textsOf, type Language, type PortalTexts } from './portal-texts';
import { configuredProductApiUrl, signIn, subscribedUser } from './signed-in';

const endpoints = testEndpoints();
/** The test stack caches the authorizer's answer for a key this long: a revocation must show within it. */
const AUTHORIZER_CACHE_MS = TEST_AUTHORIZER_CACHE_SECONDS * 1000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Reads until `done` holds; on timeout the error says what the last read saw. */
function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  return eventually(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`still ${JSON.stringify(value)}`);
      return value;
    },
    { timeoutMs, intervalMs: 250, what },
  );
}

const clipboard = (on: Page) => on.evaluate(() => navigator.clipboard.readText());

describe.each<Language>(['en', 'ar'])('API keys, logs and dashboard in the browser (%s)', (language) => {
  const t: PortalTexts = textsOf(language);
  const keyName = `e2e ${language} key`;
  let user: TestUser;
  let context: BrowserContext;
  let page: Page;
  let productApiUrl = '';
  let apiKey = '';
  let masked = '';
  let accountRequestId = '';
  let cutError: { message: string; param?: string } = { message: '' };

  const shot = (name: string, on: Page = page) => snap(on, `keys-logs-${language}-${name}`);
  const keyRow = (): Locator => page.getByRole('listitem').filter({ hasText: keyName });
  const logRow = (endpoint: string): Locator => page.getByTestId('log-row').filter({ hasText: endpoint });
  const numberIn = (value: number) => page.evaluate(([n, lng]) => new Intl.NumberFormat(lng).format(n), [value, language] as const);

  beforeAll(async () => {
    user = await subscribedUser(`e2e-keys-${language}`, 'elite');
    productApiUrl = await configuredProductApiUrl();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: endpoints.portal });
    await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    page = await context.newPage();
    await signIn(page, user.email, { language });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('creates a key and shows its full value once, until the copy is confirmed', async () => {
    await page.getByRole('link', { name: t.layout.nav.apiKeys }).first().click();
    await page.getByLabel(t.keys.keyName).fill(`  ${keyName}  `);
    await page.getByRole('button', { name: t.keys.generateKey }).click();
    apiKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^ff_[A-Za-z0-9]{32,}/);
    masked = `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`;
    // The banner promises what the list does: the key shows masked there, and its toggle reveals it again.
    await page.getByText(t.keys.newKey.warning).waitFor();
    await shot('key-created');
    await page.getByRole('button', { name: t.keys.newKey.confirm }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    await expect(page.getByText(apiKey, { exact: true }).count()).resolves.toBe(0);
    await shot('key-list');
  });

  it('lists the key masked, reveals it on the toggle, hides it again and copies the full value', async () => {
    const value = keyRow().getByTestId('api-key-value');
    await expect(value.textContent()).resolves.toBe(masked);
    await expect(keyRow().textContent()).resolves.toContain(t.keys.never);
    await keyRow().getByRole('button', { name: t.keys.showKey }).click();
    await poll('revealed key', () => value.textContent(), (text) => text === apiKey);
    await shot('key-revealed');
    await keyRow().getByRole('button', { name: t.keys.hideKey }).click();
    await expect(value.textContent()).resolves.toBe(masked);
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await keyRow().getByRole('button', { name: t.keys.copyKey }).click();
    await poll('copied key', () => clipboard(page), (text) => text === apiKey);
    await expect(value.textContent()).resolves.toBe(masked);
  });

  it('calls the product API with the key: one success, one failure', async () => {
    const account = await fetch(`${productApiUrl}/account`, { headers: { 'X-API-Key': apiKey } });
    expect(account.status).toBe(200);
    accountRequestId = account.headers.get('x-request-id') ?? '';
    expect(accountRequestId).not.toBe('');
    const cut = await fetch(`${productApiUrl}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: new FormData() });
    expect(cut.status).toBe(400);
    cutError = ((await cut.json()) as { error: { message: string; param?: string } }).error;
    expect(cutError.message).not.toBe('');
  });

  it('shows both calls on /api-logs with their status colours and request id', async () => {
    await page.getByRole('link', { name: t.layout.nav.apiLogs }).first().click();
    await page.getByRole('heading', { name: t.logs.title }).waitFor();
    await poll(
      'logged requests',
      async () => {
        const rows = await page.getByTestId('log-row').count();
        // A log lands just after its answer: ask again until both are there.
        if (rows !== 2) await page.getByRole('button', { name: t.logs.refresh }).click();
        return rows;
      },
      (rows) => rows === 2,
    );
    const account = logRow('/account');
    const cut = logRow('/cut');
    await expect(account.locator('[data-tone]').first().getAttribute('data-tone')).resolves.toBe('success');
    await expect(account.textContent()).resolves.toContain('200');
    await expect(cut.locator('[data-tone]').first().getAttribute('data-tone')).resolves.toBe('error');
    await expect(cut.textContent()).resolves.toContain('400');
    await expect(cut.textContent()).resolves.toContain(keyName);
    await expect(account.getByTestId('request-id').textContent()).resolves.toBe(accountRequestId);
    await expect(cut.getByRole('button', { name: t.logs.viewError }).count()).resolves.toBe(1);
    await expect(account.getByRole('button', { name: t.logs.viewError }).count()).resolves.toBe(0);
    await page.getByText(t.logs.retention.replace('{{days}}', '30')).waitFor();
    await account.getByRole('button', { name: t.logs.copyRequestId }).click();
    await poll('copied request id', () => clipboard(page), (text) => text === accountRequestId);
    await shot('logs');
  });

  it('filters by status and searches endpoint or method, case-insensitively', async () => {
    const filter = page.getByLabel(t.logs.filter.label, { exact: true });
    const search = page.getByLabel(t.logs.search.label, { exact: true });
    const rows = async () => (await page.getByTestId('log-row').allTextContents()).map((row) => (row.includes('/cut') ? '/cut' : '/account'));
    // The server filters: the page shows its answer a moment after the choice.
    const shows = (expected: string[]) => eventually(async () => (JSON.stringify(await rows()) === JSON.stringify(expected) ? true : undefined), { timeoutMs: 10_000, what: `rows ${expected.join(', ')}` });
    await filter.selectOption('error');
    await shows(['/cut']);
    await shot('logs-errors');
    await filter.selectOption('success');
    await shows(['/account']);
    await filter.selectOption('all');
    await search.fill('ACCOUNT');
    await shows(['/account']);
    await search.fill('post');
    await shows(['/cut']);
    await filter.selectOption('success');
    await page.getByText(t.logs.empty.filtered).waitFor();
    await shot('logs-no-match');
    await filter.selectOption('all');
    await search.fill('');
    await shows(['/cut', '/account']);
  });

  it('opens View Error on the failed call with the extracted message', async () => {
    await logRow('/cut').getByRole('button', { name: t.logs.viewError }).click();
    const dialog = page.getByRole('dialog', { name: t.logs.errorModal.title });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: t.logs.errorModal.whatWentWrong }).waitFor();
    const first = cutError.message.split('\n')[0] ?? '';
    const apiLine = first.startsWith('Error: ') ? first : `Error: ${first}`;
    // English keeps the API's words; Arabic says what the code means in Arabic, the API's line among the details.
    await expect(dialog.getByTestId('error-summary').textContent()).resolves.toBe(language === 'en' ? apiLine : t.logs.errorCodes.invalid_request);
    if (language !== 'en') await dialog.getByText(apiLine, { exact: true }).waitFor();
    if (cutError.param) await dialog.getByText(`Parameter: ${cutError.param}`).waitFor();
    await shot('logs-view-error');
    await dialog.getByRole('button', { name: t.logs.errorModal.close }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('copies the failed call as a curl command with the masked key', async () => {
    await logRow('/cut').getByRole('button', { name: t.logs.copyCurl }).click();
    const expected = `curl -X POST '${productApiUrl}/cut' \\\n  -H 'X-API-Key: ${masked}'`;
    await poll('copied curl', () => clipboard(page), (text) => text === expected);
    await expect(page.getByTestId('copied-curl').textContent()).resolves.toBe(expected);
    await page.getByText(t.logs.curl.maskedNote).waitFor();
    await shot('logs-curl-copied');
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(`${endpoints.portal}/api-logs`);
    await phone.getByTestId('log-row').first().waitFor();
    await shot('logs-375px', phone);
    await phone.close();
  });

  it('revokes the key after the confirmation, and the API refuses it with 401', async () => {
    await page.getByRole('link', { name: t.layout.nav.apiKeys }).first().click();
    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await keyRow().getByRole('button', { name: t.keys.revoke }).click();
    await keyRow().waitFor({ state: 'detached' });
    expect(confirmText).toBe(t.keys.revokeConfirm);
    await page.getByText(t.keys.empty.title).waitFor();
    await shot('key-revoked');
    await poll(
      'product API answer for the revoked key',
      async () => (await fetch(`${productApiUrl}/account`, { headers: { 'X-API-Key': apiKey } })).status,
      (status) => status === 401,
      AUTHORIZER_CACHE_MS + 10_000,
    );
  });

  it('shows the calls in the dashboard stats and chart', async () => {
    await page.getByRole('link', { name: t.layout.nav.dashboard }).first().click();
    const stat = (key: string) => page.getByTestId(`stat-${key}`).locator('dd');
    const [two, zero] = [await numberIn(2), await numberIn(0)];
    await poll('total requests', () => stat('totalRequests').textContent(), (text) => text === two);
    await expect(stat('todayRequests').textContent()).resolves.toBe(two);
    await expect(stat('activeKeys').textContent()).resolves.toBe(zero);
    await expect(stat('lastRequest').textContent()).resolves.not.toBe(t.dashboard.never);
    const bars = page.getByTestId('usage-bar');
    await expect(bars.count()).resolves.toBe(30);
    const today = bars.last();
    await expect(today.getAttribute('data-date')).resolves.toBe(new Date().toISOString().slice(0, 10));
    await expect(today.getAttribute('data-requests')).resolves.toBe('2');
    await expect(today.getAttribute('data-errors')).resolves.toBe('1');
    await expect(today.getAttribute('aria-label')).resolves.toContain(two);
    await shot('dashboard');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot('dashboard-375px');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
