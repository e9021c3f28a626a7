/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { listApiKeysResponseSchema } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { clearOfMidnight } from '../support/day-boundary';
import { eventually } from '../support/eventually';
import { lazily } from '../support/lazily';
import { TEST_AUTHORIZER_CACHE_SECONDS } from '../support/stack-process';
import { launchBrowser, snap, staysAbsent } from './browser';
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

/** Revokes a key as the portal's Revoke button does (DELETE /api-keys/{id}). */
async function revokeKey(user: TestUser, id: string): Promise<void> {
  const answer = await fetch(`${endpoints.portalApi}/api-keys/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}` } });
  if (!answer.ok) throw new Error(`DELETE /api-keys/${id} answered ${answer.status}`);
}

describe.each<Language>(['en', 'ar'])('API keys, logs and dashboard in the browser (%s)', (language) => {
  const t: PortalTexts = textsOf(language);
  const keyName = `e2e ${language} key`;
  /** This test's page: the signed-in page of the user it runs as. */
  let page: Page;
  let productApiUrl = '';

  /** A subscriber signed in on a page of a context of its own, in this describe's language. */
  interface SignedIn {
    user: TestUser;
    context: BrowserContext;
    page: Page;
  }

  async function signedInSubscriber(): Promise<SignedIn> {
    return signedInAs(await subscribedUser(`e2e-keys-${language}`, 'elite'));
  }

  async function signedInAs(user: TestUser): Promise<SignedIn> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: endpoints.portal });
    await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    const opened = await context.newPage();
    await signIn(opened, user.email, { language });
    return { user, context, page: opened };
  }

  /**
   * The user whose key made two calls, one success and one failure, which the logs, the View Error
   * dialog, the curl copy and the dashboard show. No test adds a call or a key of its own.
   */
  const withCalls = lazily(async () => {
    const user = await subscribedUser(`e2e-keys-${language}`, 'elite');
    // The dashboard test reads these calls as today's, minutes later at most.
    await clearOfMidnight(5 * 60_000);
    const calls = async () => {
      const { key } = await user.client.createApiKey(user.token, keyName);
      const account = await fetch(`${productApiUrl}/account`, { headers: { 'X-API-Key': key } });
      const cut = await fetch(`${productApiUrl}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: new FormData() });
      return { key, account, cut, cutError: ((await cut.json()) as { error: { message: string; param?: string } }).error };
    };
    const [signedIn, { key: apiKey, account, cut, cutError }] = await Promise.all([signedInAs(user), calls()]);
    return {
      ...signedIn,
      apiKey,
      masked: `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`,
      accountStatus: account.status,
      accountRequestId: account.headers.get('x-request-id') ?? '',
      cutStatus: cut.status,
      cutError,
    };
  });
  /** The user whose keys the tests make and revoke again: each test that makes one revokes it, so it holds none between tests. */
  const keyMaker = lazily(signedInSubscriber);

  /** Opens a path of the portal as a user, on its signed-in page at the desktop size: this test's page. */
  async function openAs<T extends SignedIn>(who: () => Promise<T>, path: string): Promise<T> {
    const signedIn = await who();
    page = signedIn.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${endpoints.portal}${path}`);
    return signedIn;
  }

  const shot = (name: string, on: Page = page) => snap(on, `keys-logs-${language}-${name}`);
  const keyRow = (): Locator => page.getByRole('listitem').filter({ hasText: keyName });
  const logRow = (endpoint: string): Locator => page.getByTestId('log-row').filter({ hasText: endpoint });
  const numberIn = (value: number) => page.evaluate(([n, lng]) => new Intl.NumberFormat(lng).format(n), [value, language] as const);

  beforeAll(async () => {
    productApiUrl = await configuredProductApiUrl();
    // Both users are made side by side from the start; a test that needs one waits for it (and sees why it failed).
    for (const made of [withCalls, keyMaker]) void made().catch(() => undefined);
  });

  it('creates a key and shows its full value once, until the copy is confirmed', async () => {
    const { user } = await openAs(keyMaker, '/');
    await page.getByRole('link', { name: t.layout.nav.apiKeys }).first().click();
    await page.getByLabel(t.keys.keyName).fill(`  ${keyName}  `);
    await page.getByRole('button', { name: t.keys.generateKey }).click();
    const apiKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^ff_[A-Za-z0-9]{32,}/);
    // The banner promises what the list does: the key shows masked there, and its toggle reveals it again.
    await page.getByText(t.keys.newKey.warning).waitFor();
    await shot('key-created');
    await page.getByRole('button', { name: t.keys.newKey.confirm }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    await staysAbsent(page.getByText(apiKey, { exact: true }), 'full key after the copy is confirmed');
    await shot('key-list');
    const { keys } = await user.client.call(user.token, 'GET', '/api-keys', listApiKeysResponseSchema);
    for (const key of keys) await revokeKey(user, key.id);
  });

  it('lists the key masked, reveals it on the toggle, hides it again and copies the full value', async () => {
    const { user } = await keyMaker();
    const { key: apiKey, apiKey: record } = await user.client.createApiKey(user.token, keyName);
    const masked = record.masked_key;
    await openAs(keyMaker, '/api-keys');
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
    await revokeKey(user, record.id);
  });

  it('calls the product API with the key: one success, one failure', async () => {
    const calls = await withCalls();
    expect(calls.accountStatus).toBe(200);
    expect(calls.accountRequestId).not.toBe('');
    expect(calls.cutStatus).toBe(400);
    expect(calls.cutError.message).not.toBe('');
  });

  it('shows both calls on /api-logs with their status colours and request id', async () => {
    const { accountRequestId } = await openAs(withCalls, '/');
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
    await staysAbsent(account.getByRole('button', { name: t.logs.viewError }), 'View Error on the successful call');
    await page.getByText(t.logs.retention.replace('{{days}}', '30')).waitFor();
    await account.getByRole('button', { name: t.logs.copyRequestId }).click();
    await poll('copied request id', () => clipboard(page), (text) => text === accountRequestId);
    await shot('logs');
  });

  it('filters by status and searches endpoint or method, case-insensitively', async () => {
    await openAs(withCalls, '/api-logs');
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
    const { cutError } = await openAs(withCalls, '/api-logs');
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
    const { masked, context } = await openAs(withCalls, '/api-logs');
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
    const { user } = await keyMaker();
    const { key: apiKey } = await user.client.createApiKey(user.token, keyName);
    await openAs(keyMaker, '/');
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
    await openAs(withCalls, '/api-keys');
    await page.getByRole('link', { name: t.layout.nav.dashboard }).first().click();
    const stat = (key: string) => page.getByTestId(`stat-${key}`).locator('dd');
    const [two, one] = [await numberIn(2), await numberIn(1)];
    await poll('total requests', () => stat('totalRequests').textContent(), (text) => text === two);
    await expect(stat('todayRequests').textContent()).resolves.toBe(two);
    // The key that made the calls: the only one of its user.
    await expect(stat('activeKeys').textContent()).resolves.toBe(one);
    await expect(stat('lastRequest').textContent()).resolves.not.toBe(t.dashboard.never);
    const bars = page.getByTestId('usage-bar');
    await expect(bars.count()).resolves.toBe(30);
    const today = bars.last();
    await expect(today.getAttribute('data-date')).resolves.toBe(new Date().toISOString().slice(0, 10));
    await expect(today.getAttribute('data-requests')).resolves.toBe('2');
    await expect(today.getAttribute('data-errors')).resolves.toBe('1');
    await expect(today.getAttribute('aria-label')).resolves.toContain(two);
    // Against the plan: the refused cut was a processing request, the account a read; nothing runs of Elite's 5 jobs at once.
    const usage = (key: string) => page.getByTestId(`usage-${key}`).locator('dd');
    await expect(usage('processingToday').textContent()).resolves.toBe(one);
    await expect(usage('readsToday').textContent()).resolves.toBe(one);
    await expect(usage('runningJobs').textContent()).resolves.toBe(t.dashboard.usage.ofLimit.replace('{{used}}', await numberIn(0)).replace('{{limit}}', await numberIn(5)));
    const endpointRow = (endpoint: string) => page.getByTestId('usage-by-endpoint').getByRole('row').filter({ hasText: endpoint });
    await expect(endpointRow('POST /cut').getByText(t.dashboard.usage.processing, { exact: true }).count()).resolves.toBe(1);
    await expect(endpointRow('GET /account').getByText(t.dashboard.usage.read, { exact: true }).count()).resolves.toBe(1);
    const keyUsage = page.getByTestId('usage-by-key').getByRole('row').filter({ hasText: keyName });
    await expect(keyUsage.getByRole('cell').nth(1).textContent()).resolves.toBe(two);
    await shot('dashboard');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await shot('dashboard-375px');
  });
});
