import type Stripe from 'stripe';
import type { PriceIds } from '@frameforge/functions/kernel/contracts/plans';
import type { Catalog } from './catalog';
import type { SandboxClock } from './clock';
import { noSuch } from './errors';
import type { SandboxState, SandboxStore } from './store';

export interface BillingSandboxOptions {
  /** Listens on 127.0.0.1:port only. */
  port: number;
  /** Where `state.json` lives: customers, subscriptions, events, clock offset and pending deliveries survive a restart. */
  stateDir: string;
  /** The base of hosted page URLs, e.g. http://127.0.0.1:4009. */
  publicUrl: string;
  /** Where signed events are POSTed. */
  webhookUrl: string;
  /** The `whsec_…` signing secret. */
  webhookSecret: string;
  /** The price id of each tier. */
  prices: PriceIds;
}

/** Which request caused an event: Stripe's `event.request`. Automatic changes (renewals, hosted pages) have none. */
export interface EventOrigin {
  requestId: string | null;
  idempotencyKey: string | null;
}

export const AUTOMATIC: EventOrigin = { requestId: null, idempotencyKey: null };

export interface SandboxContext {
  options: BillingSandboxOptions;
  store: SandboxStore;
  state: SandboxState;
  clock: SandboxClock;
  catalog: Catalog;
  /** Persists the state and wakes the webhook sender for any event just queued. */
  commit(): void;
}

/** Any object the sandbox can hand out by id, for `expand[]`. */
export function lookupObject(ctx: SandboxContext, id: string): object | undefined {
  const { state, catalog } = ctx;
  return (
    state.customers[id] ??
    state.subscriptions[id] ??
    state.paymentMethods[id] ??
    state.invoices[id] ??
    state.checkoutSessions[id] ??
    catalog.byPrice(id)?.price ??
    catalog.byProduct(id)?.product
  );
}

export function requirePrice(ctx: SandboxContext, priceId: string, param: string): Stripe.Price {
  const entry = ctx.catalog.byPrice(priceId);
  if (!entry) throw noSuch('price', priceId, param);
  return entry.price;
}

export function requireCustomer(ctx: SandboxContext, customerId: string, param: string): Stripe.Customer {
  const customer = ctx.state.customers[customerId];
  if (!customer) throw noSuch('customer', customerId, param);
  return customer;
}

export function requireSubscription(ctx: SandboxContext, subscriptionId: string, param: string): Stripe.Subscription {
  const subscription = ctx.state.subscriptions[subscriptionId];
  if (!subscription) throw noSuch('subscription', subscriptionId, param);
  return subscription;
}

/** The plan name of a price the catalogue knows, for pages and invoice lines. */
export const planName = (ctx: SandboxContext, priceId: string): string => ctx.catalog.byPrice(priceId)?.plan.name ?? priceId;
