import type Stripe from 'stripe';
import { planOf } from './catalog';
import { newId, randomToken } from './ids';

/** A test card as the hosted checkout page accepted it. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  name: string | null;
}

const nullAddress = (): Stripe.Address => ({ city: null, country: null, line1: null, line2: null, postal_code: null, state: null });

export function buildCustomer(input: { email: string | null; name: string | null; metadata: Record<string, string>; created: number }): Stripe.Customer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildCardPaymentMethod(customer: Stripe.Customer, card: CardDetails, created: number): Stripe.PaymentMethod {
  const last4 = card.number.slice(-4);
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'limited',
    billing_details: { address: nullAddress(), email: customer.email, name: card.name, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: card.expMonth,
      exp_year: card.expYear,
      // The same number always gives the same fingerprint, as with Stripe.
      fingerprint: `fp${card.number.slice(0, 6)}${last4}`,
      funding: 'credit',
      generated_from: null,
      last4,
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function buildSubscriptionItem(subscriptionId: string, price: Stripe.Price, quantity: number, period: { start: number; end: number }, created: number): Stripe.SubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export interface NewSubscription {
  customer: string;
  price: Stripe.Price;
  quantity: number;
  paymentMethod: string;
  metadata: Record<string, string>;
  start: number;
  periodEnd: number;
}

export function buildSubscription(input: NewSubscription): Stripe.Subscription {
  const id = newId('sub');
  const item = buildSubscriptionItem(id, input.price, input.quantity, { start: input.start, end: input.periodEnd }, input.start);
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: input.start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.start,
    currency: input.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.start,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** The subscription's single item: this product sells one plan per subscription. */
export function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  return item;
}
