import type { InvoiceSummary } from '../contracts/billing';
import type { Tier } from '../../../kernel/contracts/plans';

/** spec's stripe_customers: the Stripe customer of one user. */
export interface CustomerRecord {
  userId: string;
  customerId: string;
  email: string | null;
  createdAt: string;
  /** Set when the account was deleted; the mapping stays for invoices. */
  deletedAt: string | null;
}

/** A subscription as the billing provider reports it, in provider-neutral terms. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: string;
  /** The subscription item that carries the price, needed to switch plans. */
  itemId: string | null;
  priceId: string | null;
  /** Seconds since the epoch. */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
}

/** spec's stripe_subscriptions row: the snapshot, the owner, its tier and when it was read. */
export interface SubscriptionRecord extends SubscriptionSnapshot {
  userId: string;
  tier: Tier | null;
  /** When the snapshot was read from the provider (ms): an older read never overwrites a newer one. */
  readAt: number;
  createdAt: string;
  updatedAt: string;
}

/** spec's user_subscriptions: the last fallback of the lookup order. */
export interface UserSubscriptionRecord {
  userId: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** A verified webhook event, reduced to what decides what to re-read. */
export interface BillingEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface BillingRepository {
  findCustomerByUser(userId: string): Promise<CustomerRecord | undefined>;
  /** The live mapping of a customer; a deleted account's is not found, so the provider's late events change nothing. */
  findCustomerById(customerId: string): Promise<CustomerRecord | undefined>;
  /** Stores the mapping unless the user has one already; answers the stored one. */
  putCustomerIfAbsent(record: CustomerRecord): Promise<CustomerRecord>;
  /** The per-user view (an index: may lag a write by a moment). */
  findSubscriptionByUser(userId: string): Promise<SubscriptionRecord | undefined>;
  findSubscriptionByCustomer(customerId: string): Promise<SubscriptionRecord | undefined>;
  findUserSubscription(userId: string): Promise<UserSubscriptionRecord | undefined>;
  /** Writes both records, unless a newer read of the same customer is already stored. */
  saveSubscription(record: SubscriptionRecord, summary: UserSubscriptionRecord): Promise<'saved' | 'stale'>;
}

export interface RoleRepository {
  roleOf(userId: string): Promise<string | undefined>;
}

/** Remembers which webhook events were processed, so a redelivery changes nothing. */
export interface ProcessedEventStore {
  /** True when this call is the first to claim the event. */
  claim(eventId: string, type: string): Promise<boolean>;
  /** Gives a claim back after a failure, so the provider's retry processes it. */
  release(eventId: string): Promise<void>;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  customerId: string;
  returnUrl: string;
  /** Opens the portal on the confirmation of a plan switch. */
  switchTo?: { subscriptionId: string; itemId: string; priceId: string };
  /** Opens the portal on the card update, returning to `returnUrl` once saved. */
  updateCard?: boolean;
}

/** One page of a customer's invoices, newest first. */
export interface InvoicePage {
  invoices: InvoiceSummary[];
  hasMore: boolean;
}

/** The card payment provider (Stripe), as the domain needs it. */
export interface BillingProvider {
  createCustomer(input: { userId: string; email: string | null }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<string>;
  createPortalSession(input: PortalInput): Promise<string>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | undefined>;
  /** The customer's most relevant subscription (live first, then newest). */
  latestSubscriptionOf(customerId: string): Promise<SubscriptionSnapshot | undefined>;
  /** Checks the signature on the raw body; throws InvalidSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
  /** Ends every subscription of the customer that still bills, at once (an account's deletion); none left is done. */
  cancelSubscriptionsOf(customerId: string): Promise<void>;
  /** The customer's finalized invoices, newest first, after the invoice `startingAfter` when given. */
  listInvoices(customerId: string, page: { limit: number; startingAfter?: string }): Promise<InvoicePage>;
}
