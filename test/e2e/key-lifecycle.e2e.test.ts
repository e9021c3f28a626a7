/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import { listApiKeysResponseSchema, rollApiKeyResponseSchema, type ApiKeyView } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { TEST_AUTHORIZER_CACHE_SECONDS } from '../support/stack-process';
import { launchBrowser, snap, staysAbsent } from './browser';
import { textsOf, type Language, type PortalTexts } from './portal-texts';
import { configuredProductApiUrl, signIn, subscribedUser } from './signed-in';

const endpoints = testEndpoints();
/** The test stack caches the authorizer's answer for a key this long: an expiry must show within it. */
const AUTHORIZER_CACHE_MS = TEST_AUTHORIZER_CACHE_SECONDS * 1000;

let browser: Browser;
let productApiUrl = '';

beforeAll(async () => {
  [browser, productApiUrl] = await Promise.all([launchBrowser(), configuredProductApiUrl()]);
});

afterAll(async () => {
  await browser?.close();
});

/** The status of `GET /account` with a key, and its error message when refused. */
async function accountWith(key: string): Promise<{ status: number; message: string | null }> {
  const answer = await fetch(`${productApiUrl}/account`, { headers: { 'X-API-Key': key } });
  const body = (await answer.json()) as { error?: { message?: string } };
  return { status: answer.status, message: body.error?.message ?? null };
}

/** Waits until the key gets this status from the product API (a new key is usable at once; a refusal within the authorizer's cache). */
const answers = (key: string, status: number) =>
  eventually(async () => ((await accountWith(key)).status === status ? true : undefined), {
    timeoutMs: AUTHORIZER_CACHE_MS + 15_000,
    intervalMs: 250,
    what: `GET /account answering ${status}`,
  });

const keysOf = async (user: TestUser): Promise<ApiKeyView[]> => (await user.client.call(user.token, 'GET', '/api-keys', listApiKeysResponseSchema)).keys;

/** A day `days` from today in the browser's time zone (the test's own), as a date input takes it. */
const dayFromNow = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

describe.each<Language>(['en', 'ar'])('API key lifecycle in the browser (%s)', (language) => {
  const t: PortalTexts = textsOf(language);
  const firstName = `lifecycle ${language}`;
  const renamed = `renamed ${language} key`;
  /** This test's page: its own user's, signed in at a phone's width (see openKeysAs). */
  let current: Page | undefined;

  const onPage = (): Page => {
    if (!current) throw new Error('no page opened in this test');
    return current;
  };
  const rowOf = (masked: string): Locator => onPage().getByRole('listitem').filter({ hasText: masked });
  const maskOf = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;
  const shot = (name: string) => snap(onPage(), `key-lifecycle-${language}-${name}`);

  /** A new subscriber of this test's own with one key of the given name. */
  async function ownerOfKey(name: string): Promise<{ user: TestUser; key: string; id: string }> {
    const user = await subscribedUser(`e2e-lifecycle-${language}`, 'elite');
    const { key, apiKey } = await user.client.createApiKey(user.token, name);
    return { user, key, id: apiKey.id };
  }

  /** Signs the user in on a phone-sized page of a context of its own, in this describe's language, on the API Keys page: this test's page. */
  async function openKeysAs(user: TestUser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    current = page;
    await signIn(page, user.email, { language });
    await page.goto(`${endpoints.portal}/api-keys`);
    return page;
  }

  afterEach(async () => {
    await current?.context().close();
    current = undefined;
  });

  it('renames a key and gives it an expiry in a dialog, at a phone’s width', async () => {
    const { user, key: firstKey } = await ownerOfKey(firstName);
    const page = await openKeysAs(user);
    await rowOf(maskOf(firstKey)).getByRole('button', { name: t.keys.edit.button }).click();
    const dialog = page.getByRole('dialog', { name: t.keys.edit.title.replace('{{name}}', firstName) });
    await dialog.waitFor();
    // The name field has the focus, holding the current name.
    await expect(dialog.getByLabel(t.keys.keyName).evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await dialog.getByLabel(t.keys.keyName).fill(`  ${renamed}  `);
    await dialog.getByLabel(t.keys.expiry.label).fill(dayFromNow(10));
    await shot('edit-dialog');
    await dialog.getByRole('button', { name: t.keys.edit.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = rowOf(maskOf(firstKey));
    await row.getByText(renamed, { exact: true }).waitFor();
    await row.getByTestId('key-expiry').waitFor();
    await expect(row.getByTestId('key-expiry').textContent()).resolves.not.toBe(t.keys.expiry.expired);
    const [stored] = await keysOf(user);
    expect(stored?.name).toBe(renamed);
    expect(Date.parse(stored?.expires_at ?? '')).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    // A key with an expiry ahead works as before.
    await expect(accountWith(firstKey)).resolves.toMatchObject({ status: 200 });
    await shot('renamed');
  });

  it('refuses a rename by the rules of a new name, naming the field', async () => {
    const { user } = await ownerOfKey(firstName);
    const [stored] = await keysOf(user);
    const answer = await fetch(`${endpoints.portalApi}/api-keys/${stored?.id ?? ''}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '   ' }),
    });
    expect(answer.status).toBe(400);
    await expect(answer.json()).resolves.toEqual({ error: 'name is required' });
  });

  it('rolls a key: the new key is shown once and works, the old one keeps working during the overlap', async () => {
    const { user, key: firstKey } = await ownerOfKey(renamed);
    const page = await openKeysAs(user);
    await rowOf(maskOf(firstKey)).getByRole('button', { name: t.keys.roll.button }).click();
    const dialog = page.getByRole('dialog', { name: t.keys.roll.title.replace('{{name}}', renamed) });
    await dialog.getByLabel(t.keys.roll.overlap['1h']).check();
    await shot('roll-dialog');
    await dialog.getByRole('button', { name: t.keys.roll.submit }).click();
    const rolledKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(rolledKey).toMatch(/^ff_[A-Za-z0-9]{32,}/);
    expect(rolledKey).not.toBe(firstKey);
    await shot('rolled');
    await page.getByRole('button', { name: t.keys.newKey.confirm }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    // Both rows carry the name; the old one says it is expiring, the new one never expires.
    await rowOf(maskOf(firstKey)).getByTestId('key-expiry').waitFor();
    await rowOf(maskOf(rolledKey)).getByText(renamed, { exact: true }).waitFor();
    await staysAbsent(rowOf(maskOf(rolledKey)).getByTestId('key-expiry'), 'expiry on the new key');
    const old = (await keysOf(user)).find((key) => key.masked_key === maskOf(firstKey));
    const hourAhead = Date.now() + 3600_000;
    expect(Math.abs(Date.parse(old?.expires_at ?? '') - hourAhead)).toBeLessThan(120_000);
    await answers(rolledKey, 200);
    await expect(accountWith(firstKey)).resolves.toMatchObject({ status: 200 });
  });

  it('rolls with no overlap: the old key is refused at once as expired, its row says so', async () => {
    // A key rolled an hour ahead already, its successor used once (so the authorizer may hold its answer), as the roll above leaves them.
    const { user, key: firstKey, id } = await ownerOfKey(renamed);
    const { key: rolledKey } = await user.client.call(user.token, 'POST', `/api-keys/${id}/roll`, rollApiKeyResponseSchema, { overlap_seconds: 3600 });
    await answers(rolledKey, 200);
    const page = await openKeysAs(user);
    await rowOf(maskOf(rolledKey)).getByRole('button', { name: t.keys.roll.button }).click();
    const dialog = page.getByRole('dialog', { name: t.keys.roll.title.replace('{{name}}', renamed) });
    await dialog.getByLabel(t.keys.roll.overlap.now).check();
    await dialog.getByRole('button', { name: t.keys.roll.submit }).click();
    const third = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: t.keys.newKey.confirm }).click();
    await answers(rolledKey, 401);
    const refusal = await accountWith(rolledKey);
    // The gateway's own 401, or (within the authorizer's cache) ours with the date it expired.
    expect(refusal.message === 'Missing or invalid API key.' || /^This API key expired on \d{4}-/.test(refusal.message ?? '')).toBe(true);
    await answers(third, 200);
    // The key rolled an hour ahead still works beside them.
    await expect(accountWith(firstKey)).resolves.toMatchObject({ status: 200 });
    await rowOf(maskOf(rolledKey)).getByText(t.keys.expiry.expired, { exact: true }).waitFor();
    // Listed until revoked, the expired key no longer counts as active.
    const list = await user.client.call(user.token, 'GET', '/api-keys', listApiKeysResponseSchema);
    expect([list.keys.length, list.active_count]).toEqual([3, 2]);
    await shot('expired');
  });
});
