/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { LocalPortalClient } from '@frameforge/functions/local/portal-client';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { launchBrowser, snap } from './browser';

const endpoints = testEndpoints();
/** The authorizer's answer for a key is cached this long: a change must show within it. */
const AUTHORIZER_CACHE_MS = 60_000;

let browser: Browser;
let page: Page;
let apiKey = '';

async function signIn(on: Page, email: string) {
  await on.goto(`${endpoints.portal}/login`);
  await on.getByLabel('Email').fill(email);
  await on.getByLabel('Password', { exact: true }).fill('secret-pass');
  await on.getByRole('button', { name: 'Sign In' }).click();
  await on.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

async function payWith(on: Page, card: string) {
  await on.getByLabel('Card number').fill(card);
  await on.getByLabel('Expiry').fill('12 / 34');
  await on.getByLabel('CVC').fill('123');
  await on.getByLabel('Cardholder name').fill('Ada Lovelace');
  await on.getByRole('button', { name: 'Subscribe' }).click();
}

/** GET /account with the key until it answers as expected, within the authorizer cache's lifetime. */
async function waitForAccount(expected: (status: number, body: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + AUTHORIZER_CACHE_MS + 10_000;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': apiKey } });
    const body = (await response.json()) as Record<string, unknown>;
    if (expected(response.status, body)) return;
    last = `${response.status} ${JSON.stringify(body)}`;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`The product API never saw the change; last answer ${last}`);
}

const plan = (on: Page, name: string) => on.getByRole('region', { name });

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

describe('billing in the browser', () => {
  it('shows a new user no active subscription', async () => {
    const { email } = await confirmedUser(endpoints, 'e2e-bill');
    await signIn(page, email);
    await page.getByText('No active subscription').first().waitFor();
    await snap(page, 'billing-no-subscription');
  });

  it('subscribes to Boost through the sandbox checkout and lands on /success', async () => {
    await page.getByRole('link', { name: 'Subscription' }).first().click();
    await page.waitForURL('**/subscription');
    await plan(page, 'Boost').getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await page.getByText('Subscribe to Boost').waitFor();
    await snap(page, 'billing-checkout');
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL('**/success?success=true&session_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
    await page.getByText('Welcome to Boost!').waitFor();
    await page.getByText(/Session ID:/).waitFor();
    await snap(page, 'billing-success');
  });

  it('shows the active Boost subscription on the dashboard and creates a key', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('Boost').first().waitFor();
    await snap(page, 'billing-dashboard-boost');
    await page.getByRole('link', { name: 'API Keys' }).first().click();
    await page.getByLabel('Key name').fill('billing key');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    apiKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^ff_/);
    await waitForAccount((status, body) => status === 200 && body.tier === 'boost');
    await snap(page, 'billing-key-created');
  });

  it('upgrades to Elite in the billing portal and the API sees Elite within 60 s', async () => {
    await page.getByRole('link', { name: 'Subscription' }).first().click();
    await plan(page, 'Basic').getByRole('button', { name: 'Downgrade' }).waitFor();
    await plan(page, 'Elite').getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await snap(page, 'billing-portal-upgrade');
    // A confirmed switch returns to the portal on its own, as Stripe's after_completion redirect does.
    await page.getByRole('button', { name: 'Confirm switch to Elite' }).click();
    await page.waitForURL(`${endpoints.portal}/subscription`);
    await plan(page, 'Elite').getByRole('button', { name: 'Active' }).waitFor({ timeout: 15_000 });
    await snap(page, 'billing-elite-active');
    await waitForAccount((status, body) => status === 200 && body.tier === 'elite');
  });

  it('cancels at the period end and stays active until then', async () => {
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/Cancels on/).first().waitFor();
    await snap(page, 'billing-portal-canceled');
    await page.getByRole('link', { name: 'Return to FrameForge' }).click();
    await page.waitForURL('**/subscription');
    await page.getByText(/Cancels on/).first().waitFor({ timeout: 15_000 });
    await snap(page, 'billing-cancels-at-period-end');
    const still = await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': apiKey } });
    expect(still.status).toBe(200);
  });

  it('after the period end refuses new keys and stops the key', async () => {
    const advanced = await fetch(`${endpoints.billing}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 32 * 24 * 60 * 60 }),
    });
    expect(advanced.ok).toBe(true);
    await waitForAccount((status) => status === 403);
    // A visit after the period end: a fresh page load, not the answer cached a moment ago.
    await page.goto(`${endpoints.portal}/api-keys`);
    await page.getByText('You need an active subscription to create API keys.').waitFor({ timeout: 15_000 });
    await page.getByLabel('Key name').fill('too late');
    await expect(page.getByRole('button', { name: 'Generate Key' }).isDisabled()).resolves.toBe(true);
    await snap(page, 'billing-ended-no-keys');
  });

  it('leaves no subscription after a declined card', async () => {
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const user = await confirmedUser(endpoints, 'e2e-declined');
    await signIn(other, user.email);
    await other.goto(`${endpoints.portal}/subscription`);
    await plan(other, 'Basic').getByRole('button', { name: 'Get Started' }).click();
    await other.waitForURL(`${endpoints.billing}/**`);
    await payWith(other, '4000 0000 0000 0002');
    await other.getByRole('alert').getByText('Your card was declined.').waitFor();
    await snap(other, 'billing-card-declined');
    const client = await LocalPortalClient.connect(endpoints);
    expect(await client.getSubscription(user.token)).toEqual({ subscription: null, is_admin: false });
    await other.close();
  });
});
