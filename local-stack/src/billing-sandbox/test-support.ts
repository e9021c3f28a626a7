import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { freePort } from '../processes';
import { LOCAL_PRICE_IDS, startBillingSandbox } from './index';

export const WEBHOOK_SECRET = 'whsec_unit_test_secret';

/** A webhook endpoint that verifies each event with the SDK, and can be told to fail the next N requests. */
export interface Receiver {
  url: string;
  events: Stripe.Event[];
  requests: number;
  failNext: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const verifier = new Stripe('sk_test_receiver');
  const port = await freePort();
  const receiver: Receiver = { url: `http://127.0.0.1:${port}/webhook`, events: [], requests: 0, failNext: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.requests += 1;
      if (receiver.failNext > 0) {
        receiver.failNext -= 1;
        res.writeHead(500).end('not now');
        return;
      }
      try {
        const event = verifier.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), WEBHOOK_SECRET);
        receiver.events.push(event);
        res.writeHead(200).end('{"received":true}');
      } catch {
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

export interface Harness {
  stripe: Stripe;
  url: string;
  stateDir: string;
  receiver: Receiver;
  /** Stops the sandbox only, keeping the state folder (for restarts). */
  stopSandbox(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const stateDir = mkdtempSync(join(tmpdir(), 'billing-sandbox-'));
  const receiver = await startReceiver();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const start = () => startBillingSandbox({ port, stateDir, publicUrl: url, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, prices: LOCAL_PRICE_IDS });
  let sandbox = await start();
  const harness: Harness = {
    stripe: new Stripe('sk_test_unit', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    url,
    stateDir,
    receiver,
    stopSandbox: () => sandbox.stop(),
    restart: async () => {
      await sandbox.stop();
      sandbox = await start();
    },
    close: async () => {
      await sandbox.stop();
      await receiver.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export const DAY = 24 * 60 * 60;

/** jest's beforeEach or afterEach, as far as these helpers use them. */
export type TestHook = (run: () => Promise<void>) => void;

/**
 * Starts a fresh sandbox before each test of the calling file and stops it after, so no test sees another's state.
 * Returns a stand-in that reads the current test's harness, which lets the file keep one module-level `h`.
 * The test file hands in jest's hooks because this module is built without jest's global types.
 */
export function harnessPerTest(beforeEach: TestHook, afterEach: TestHook): Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await startHarness();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const live = (): Harness => {
    if (!current) throw new Error('The billing sandbox harness exists only while a test runs');
    return current;
  };
  return {
    get stripe() {
      return live().stripe;
    },
    get url() {
      return live().url;
    },
    get stateDir() {
      return live().stateDir;
    },
    get receiver() {
      return live().receiver;
    },
    stopSandbox: () => live().stopSandbox(),
    restart: () => live().restart(),
    close: () => live().close(),
  };
}

export async function waitFor(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/** Submits a hosted page form the way a browser does, without following the redirect. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

export const payCheckout = (url: string, card: CardInput): Promise<Response> =>
  postForm(url, { cardNumber: card.number, cardExpiry: card.expiry ?? '12 / 34', cardCvc: card.cvc ?? '123', billingName: card.name ?? 'Ada Lovelace' });

export async function subscribedCustomer(h: Harness, card = '4242 4242 4242 4242', tier: keyof typeof LOCAL_PRICE_IDS = 'boost') {
  const customer = await h.stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'user-1' } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: LOCAL_PRICE_IDS[tier], quantity: 1 }],
    success_url: 'http://127.0.0.1:1/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:1/plans',
    client_reference_id: 'user-1',
    subscription_data: { metadata: { userId: 'user-1' } },
  });
  const paid = await payCheckout(session.url ?? '', { number: card });
  if (paid.status !== 303) throw new Error(`Checkout answered ${paid.status}`);
  const done = await h.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await h.stripe.subscriptions.retrieve(String(done.subscription));
  return { customer, session: done, subscription };
}

export async function advanceClock(h: Harness, seconds: number): Promise<{ now: number }> {
  const response = await fetch(`${h.url}/_sandbox/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seconds }) });
  return (await response.json()) as { now: number };
}
