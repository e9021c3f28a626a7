import type Stripe from 'stripe';
import { decimalString } from './catalog';
import { formatMoney } from './format';
import { newId } from './ids';
import { firstItem } from './objects';

export interface NewInvoice {
  subscription: Stripe.Subscription;
  customer: Stripe.Customer;
  productName: string;
  reason: 'subscription_create' | 'subscription_cycle';
  /** The invoice's own period: for a renewal, the period that just ended (Stripe's convention). */
  period: { start: number; end: number };
  /** The service period the line pays for. */
  linePeriod: { start: number; end: number };
  paid: boolean;
  at: number;
}

/** Stripe numbers invoices `<customer prefix>-0001`, counting per customer. */
function nextNumber(customer: Stripe.Customer): string {
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  return `${customer.invoice_prefix ?? 'INV'}-${String(sequence).padStart(4, '0')}`;
}

export function buildInvoice(input: NewInvoice): Stripe.Invoice {
  const id = newId('in');
  const item = firstItem(input.subscription);
  const quantity = item.quantity ?? 1;
  const amount = (item.price.unit_amount ?? 0) * quantity;
  const productId = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
  const line: Stripe.InvoiceLineItem = {
    id: newId('il_tmp'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${quantity} × ${input.productName} (at ${formatMoney(item.price.unit_amount ?? 0, item.price.currency)} / month)`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: input.subscription.metadata,
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: input.subscription.id, subscription_item: item.id },
      type: 'subscription_item_details',
    },
    period: input.linePeriod,
    pretax_credit_amounts: [],
    pricing: { price_details: { price: item.price.id, product: productId }, type: 'price_details', unit_amount_decimal: decimalString(item.price.unit_amount ?? 0) },
    quantity,
    quantity_decimal: decimalString(quantity),
    subscription: input.subscription.id,
    subtotal: amount,
    taxes: [],
  };
  return {
    id,
    object: 'invoice',
    account_country: 'IE',
    account_name: 'FrameForge',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !input.paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.at,
    currency: item.price.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.at,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: input.paid ? null : input.at + 3 * 24 * 60 * 60,
    number: nextNumber(input.customer),
    on_behalf_of: null,
    parent: { quote_details: null, subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id }, type: 'subscription_details' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.paid ? 'paid' : 'open',
    status_transitions: { finalized_at: input.at, marked_uncollectible_at: null, paid_at: input.paid ? input.at : null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: input.at,
  };
}
