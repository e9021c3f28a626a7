import Stripe from 'stripe';
import { redirectUrlResponseSchema } from '@frameforge/functions/features/billing/contracts/billing';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { eventually } from './eventually';
import { testServices } from './services';

/** The real `stripe` SDK, pointed at the stack's billing sandbox. */
export function sandboxStripe(endpoints: Endpoints): Stripe {
  const url = new URL(endpoints.billing);
  return new Stripe('sk_test_frameforge_tests', { host: url.hostname, port: url.port, protocol: 'http' });
}

export interface TestUser {
  client: LocalPortalClient;
  email: string;
  token: string;
}

/** A new user, signed up and confirmed through the inbox, signed in. */
export async function confirmedUser(endpoints: Endpoints, prefix = 'it'): Promise<TestUser> {
  const client = await LocalPortalClient.connect(endpoints);
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const since = Date.now() - 1000;
  await client.signUp(email, 'secret-pass');
  const landing = await client.confirmFromInbox(email, since);
  expect(landing).toBe(`${endpoints.portal}/login?verified=1`);
  return { client, email, token: await client.signIn(email, 'secret-pass') };
}

/** Signs a webhook body as Stripe (and the sandbox) do, with the stack's secret. */
export function signedWebhook(stripe: Stripe, payload: string, secret = testServices().stripeWebhookSecret): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}

export interface WebhookAnswer {
  status: number;
  body: { received?: boolean; outcome?: string; error?: string };
}

export async function postWebhook(endpoints: Endpoints, payload: string, signature?: string): Promise<WebhookAnswer> {
  const response = await fetch(`${endpoints.portalApi}/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as WebhookAnswer['body'] };
}

/** A Stripe event object around a data object, as Stripe sends it. */
export function eventPayload(type: string, object: unknown, id = `evt_test_${Date.now()}_${Math.random().toString(36).slice(2)}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The billing portal the portal's Manage Billing opens for a subscriber: its address. */
export async function billingPortalUrl(endpoints: Endpoints, user: TestUser): Promise<string> {
  const { subscription } = await user.client.getSubscription(user.token);
  const response = await fetch(`${endpoints.portalApi}/create-portal-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ customer_id: subscription?.stripe_customer_id }),
  });
  if (!response.ok) throw new Error(`/create-portal-session answered ${response.status}: ${await response.text()}`);
  return redirectUrlResponseSchema.parse(await response.json()).url;
}

/**
 * Switches a subscriber's plan in the billing portal as its pages do (the
 * confirmation, then its form) and waits for the webhook to make the new plan
 * active; answers the amount due the confirmation showed, e.g. `€79.85`.
 */
export async function switchPlanInPortal(endpoints: Endpoints, user: TestUser, tier: Tier): Promise<string> {
  const portal = await billingPortalUrl(endpoints, user);
  const price = user.client.config.prices[tier];
  const confirmation = await (await fetch(`${portal}/change?price=${encodeURIComponent(price)}`)).text();
  const at = /name="proration_date" value="(\d+)"/.exec(confirmation)?.[1];
  const amount = /data-testid="amount-due">([^<]+)</.exec(confirmation)?.[1];
  if (!at || !amount) throw new Error(`The billing portal showed no confirmation of the switch to ${tier}`);
  const confirmed = await fetch(portal, { method: 'POST', body: new URLSearchParams({ action: 'switch', price, proration_date: at, confirm: 'true' }), redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`The billing portal refused the switch to ${tier} (${confirmed.status})`);
  await user.client.waitForTier(user.token, tier);
  return amount;
}

/** Cancels a subscription at its period end in the billing portal and waits for the webhook to tell the portal API. */
export async function cancelAtPeriodEndInPortal(endpoints: Endpoints, user: TestUser): Promise<void> {
  const portal = await billingPortalUrl(endpoints, user);
  const canceled = await fetch(portal, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }), redirect: 'manual' });
  if (canceled.status >= 400) throw new Error(`The billing portal refused the cancellation (${canceled.status})`);
  await eventually(async () => ((await user.client.getSubscription(user.token)).subscription?.cancel_at_period_end ? true : undefined), {
    timeoutMs: 20_000,
    intervalMs: 200,
    what: 'the subscription canceling at its period end',
  });
}
