/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { cancelAtPeriodEndInPortal, switchPlanInPortal, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { TEST_AUTHORIZER_CACHE_SECONDS } from '../support/stack-process';
import { confirmedUsersAhead } from '../support/users-ahead';
import { launchBrowser, pagePerTest, snap } from './browser';
import { signIn } from './signed-in';

const endpoints = testEndpoints();
/** The product API sees a change once the authorizer's cached answer expires, plus the webhook's own time. */
const API_SEES_CHANGE_MS = TEST_AUTHORIZER_CACHE_SECONDS * 1000 + 15_000;
/** A page after a redirect from the billing sandbox: the webhook may land a moment after the browser. */
const AFTER_WEBHOOK_MS = 20_000;

/** Each test's own new user. */
const newUser = confirmedUsersAhead(endpoints, 'e2e-bill');

let browser: Browser;
/** This test's own page (see pagePerTest): each test signs in its own user. */
let page: Page;

async function fillCard(on: Page, card: string) {
  await on.getByLabel('Card number').fill(card);
  await on.getByLabel('Expiry').fill('12 / 34');
  await on.getByLabel('CVC').fill('123');
  await on.getByLabel('Cardholder name').fill('Ada Lovelace');
}

/** GET /account with the key until it answers as expected. */
async function waitForAccount(apiKey: string, what: string, expected: (status: number, body: Record<string, unknown>) => boolean) {
  await eventually(
    async () => {
      const response = await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': apiKey } });
      const body = (await response.json()) as Record<string, unknown>;
      if (expected(response.status, body)) return true;
      throw new Error(`last answer ${response.status} ${JSON.stringify(body)}`);
    },
    { timeoutMs: API_SEES_CHANGE_MS, intervalMs: 250, what },
  );
}

/**
 * A new user of this test's own (on a plan when told, with a product API key when asked), signed in on the
 * test's page while the plan is bought: the page loads whichever route the test needs afresh after it.
 */
async function signedInUser(tier?: Tier, withKey = false): Promise<{ user: TestUser; apiKey: string }> {
  const user = await newUser();
  const onPlan = async () => {
    if (tier) await user.client.subscribe(user.token, tier);
    return withKey ? (await user.client.createApiKey(user.token, 'billing key')).key : '';
  };
  const [apiKey] = await Promise.all([onPlan(), signIn(page, user.email)]);
  return { user, apiKey };
}

const plan = (on: Page, name: string) => on.getByRole('region', { name });
const billingHistory = (on: Page) => on.getByRole('region', { name: 'Billing history' });

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

pagePerTest(() => browser, endpoints.portal, { viewport: { width: 1280, height: 900 } }, (opened) => (page = opened));

describe('billing in the browser', () => {
  it('shows a new user no active subscription', async () => {
    await signedInUser();
    await page.getByText('No active subscription').first().waitFor();
    await snap(page, 'billing-no-subscription');
  });

  it('subscribes to Boost through the sandbox checkout and lands on /success', async () => {
    await signedInUser();
    await page.getByRole('link', { name: 'Subscription' }).first().click();
    await page.waitForURL('**/subscription');
    await plan(page, 'Boost').getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await page.getByText('Subscribe to Boost').waitFor();
    await snap(page, 'billing-checkout');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/success?success=true&session_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: AFTER_WEBHOOK_MS });
    await page.getByText('Welcome to Boost!').waitFor();
    await page.getByText(/Session ID:/).waitFor();
    await snap(page, 'billing-success');
  });

  it('shows the active Boost subscription on the dashboard and creates a key the API serves as Boost', async () => {
    await signedInUser('boost');
    await page.goto(endpoints.portal);
    await page.getByText('Boost').first().waitFor();
    await snap(page, 'billing-dashboard-boost');
    await page.getByRole('link', { name: 'API Keys' }).first().click();
    await page.getByLabel('Key name').fill('billing key');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const apiKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^ff_/);
    await waitForAccount(apiKey, 'the product API serving the key as Boost', (status, body) => status === 200 && body.tier === 'boost');
    await snap(page, 'billing-key-created');
  });

  it('switches to Elite in the billing portal only after a confirmation that shows the prorated amount', async () => {
    const { apiKey } = await signedInUser('boost', true);
    await page.goto(`${endpoints.portal}/subscription`);
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(`${endpoints.billing}/billing_portal/**`);
    const portalHome = page.url();

    // Cancel goes back, and nothing changed.
    await page.getByRole('button', { name: 'Switch to Elite' }).click();
    await page.getByRole('heading', { name: 'Confirm your new plan' }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(portalHome);
    await page.getByText('Renews on').waitFor();
    expect(await page.locator('.price').first().textContent()).toBe('Boost');

    await page.getByRole('button', { name: 'Switch to Elite' }).click();
    await page.getByRole('heading', { name: 'Confirm your new plan' }).waitFor();
    await page.getByText('Elite: €100.00 per month').waitFor();
    await page.getByText(/^Unused time on Boost after /).waitFor();
    await page.getByText(/^Remaining time on Elite after /).waitFor();
    const switchAmount = (await page.getByTestId('amount-due').textContent()) ?? '';
    // Eighty euros a month more for all but the seconds already used of this month.
    expect(switchAmount).toMatch(/^€(79|80)\.\d\d$/);
    await snap(page, 'billing-portal-switch-confirmation');
    await page.getByRole('button', { name: 'Confirm switch to Elite' }).click();
    await page.getByRole('status').getByText(`Your plan is now Elite. ${switchAmount} was charged to your card.`).waitFor();
    await snap(page, 'billing-portal-switched');

    await page.getByRole('link', { name: 'Return to FrameForge' }).click();
    await page.waitForURL(`${endpoints.portal}/subscription`);
    await plan(page, 'Elite').getByRole('button', { name: 'Active' }).waitFor({ timeout: AFTER_WEBHOOK_MS });
    await waitForAccount(apiKey, 'the product API serving the key as Elite', (status, body) => status === 200 && body.tier === 'elite');
  });

  it('lists the switch and the first payment in the billing history, with a hosted page and a PDF', async () => {
    const user = await newUser();
    const boostThenElite = async () => {
      await user.client.subscribe(user.token, 'boost');
      return switchPlanInPortal(endpoints, user, 'elite');
    };
    const [switchAmount] = await Promise.all([boostThenElite(), signIn(page, user.email)]);
    await page.goto(`${endpoints.portal}/subscription`);
    const history = billingHistory(page);
    const switchRow = history.getByRole('row').filter({ hasText: switchAmount });
    await switchRow.getByText('Paid').waitFor({ timeout: AFTER_WEBHOOK_MS });
    await history.getByRole('row').filter({ hasText: '€20.00' }).getByText('Paid').waitFor();
    await snap(page, 'billing-history');

    const invoiceLink = switchRow.getByRole('link', { name: /^View invoice / });
    const [hosted] = await Promise.all([page.waitForEvent('popup'), invoiceLink.click()]);
    await hosted.getByText('Invoice paid').waitFor();
    await hosted.getByRole('heading', { name: switchAmount }).waitFor();
    await hosted.getByRole('cell', { name: /^Remaining time on Elite after / }).waitFor();
    await snap(hosted, 'billing-hosted-invoice');
    await hosted.close();

    const pdfHref = await switchRow.getByRole('link', { name: /^Download invoice .* as PDF$/ }).getAttribute('href');
    const pdf = await fetch(pdfHref ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('updates the card through the billing portal', async () => {
    await signedInUser('boost');
    await page.goto(`${endpoints.portal}/subscription`);
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.waitForURL(`${endpoints.billing}/billing_portal/**`);
    await page.getByRole('heading', { name: 'Update your card' }).waitFor();
    await fillCard(page, '4000 0000 0000 0341');
    await snap(page, 'billing-portal-card');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(`${endpoints.portal}/subscription`);
    await page.getByText('Visa ending in 0341').waitFor({ timeout: AFTER_WEBHOOK_MS });
    await snap(page, 'billing-card-updated');
  });

  it('cancels at the period end and stays active until then', async () => {
    const { apiKey } = await signedInUser('boost', true);
    await page.goto(`${endpoints.portal}/subscription`);
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/Cancels on/).first().waitFor();
    await snap(page, 'billing-portal-canceled');
    await page.getByRole('link', { name: 'Return to FrameForge' }).click();
    await page.waitForURL('**/subscription');
    await page.getByText(/Cancels on/).first().waitFor({ timeout: AFTER_WEBHOOK_MS });
    await snap(page, 'billing-cancels-at-period-end');
    const still = await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': apiKey } });
    expect(still.status).toBe(200);
  });

  it('after the period end refuses new live keys and stops the key, and offers test keys only', async () => {
    const { user, apiKey } = await signedInUser('boost', true);
    await cancelAtPeriodEndInPortal(endpoints, user);
    await waitForAccount(apiKey, 'the product API serving the key until the period end', (status) => status === 200);
    const advanced = await fetch(`${endpoints.billing}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 32 * 24 * 60 * 60 }),
    });
    expect(advanced.ok).toBe(true);
    await waitForAccount(apiKey, 'the product API refusing the key', (status) => status === 403);
    // A visit after the period end: a fresh page load, not the answer cached a moment ago.
    await page.goto(`${endpoints.portal}/api-keys`);
    await page.getByText('You need an active subscription to create live API keys.').waitFor({ timeout: AFTER_WEBHOOK_MS });
    await expect(page.getByRole('radio', { name: /^Live/ }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: /^Test/ }).isChecked()).resolves.toBe(true);
    await page.getByLabel('Key name').fill('too late');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^ff_test_[0-9A-Za-z]{49}$/);
    await snap(page, 'billing-ended-no-keys');
  });

  it('leaves no subscription after a declined card', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { user } = await signedInUser();
    await page.goto(`${endpoints.portal}/subscription`);
    await plan(page, 'Basic').getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(`${endpoints.billing}/**`);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await snap(page, 'billing-card-declined');
    const client = await LocalPortalClient.connect(endpoints);
    expect(await client.getSubscription(user.token)).toEqual({ subscription: null, is_admin: false });
  });
});
