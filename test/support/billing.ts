import Stripe from 'stripe';
import { LocalPortalClient } from '@frameforge/functions/local/portal-client';
import type { Endpoints } from '@frameforge/functions/local/stack';
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
