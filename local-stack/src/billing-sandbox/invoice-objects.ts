import type Stripe from 'stripe';
import { decimalString } from './catalog';
import { newId, randomToken } from './ids';
import type { LineInput, Period } from './invoice-lines';

/** Charged and paid, charged and refused (left open), or a preview that is never stored. */
export type InvoiceOutcome = 'paid' | 'payment_failed' | 'preview';

export interface NewInvoice {
  subscription: Stripe.Subscription;
  customer: Stripe.Customer;
  reason: Stripe.Invoice.BillingReason;
  /** The invoice's own period: for a renewal, the period that just ended (Stripe's convention). */
  period: Period;
  lines: readonly LineInput[];
  at: number;
  outcome: InvoiceOutcome;
}

/** Stripe numbers invoices `<customer prefix>-0001`, counting per customer. */
function nextNumber(customer: Stripe.Customer): string {
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  return `${customer.invoice_prefix ?? 'INV'}-${String(sequence).padStart(4, '0')}`;
}

const productIdOf = (price: Stripe.Price) => (typeof price.product === 'string' ? price.product : price.product.id);

function buildLine(invoiceId: string, subscription: Stripe.Subscription, line: LineInput): Stripe.InvoiceLineItem {
  const item = subscription.items.data.find((i) => i.price.id === line.price.id) ?? subscription.items.data[0];
  return {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: subscription.metadata,
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.proration ? newId('ii') : null,
        proration: line.proration,
        proration_details: { credited_items: line.creditedItems },
        subscription: subscription.id,
        subscription_item: item?.id ?? '',
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: { price_details: { price: line.price.id, product: productIdOf(line.price) }, type: 'price_details', unit_amount_decimal: decimalString(line.price.unit_amount ?? 0) },
    quantity: line.quantity,
    quantity_decimal: decimalString(line.quantity),
    subscription: subscription.id,
    subtotal: line.amount,
    taxes: [],
  };
}

/**
 * Where a finalized invoice's hosted page and PDF live: one unguessable token,
 * as Stripe's links carry. Paths only: the sandbox's origin is put in front
 * when it answers (see links.ts), so they outlive a restart on another port.
 */
export function invoiceAddresses(): { hosted_invoice_url: string; invoice_pdf: string } {
  const page = `/invoice/test_${randomToken(40)}`;
  return { hosted_invoice_url: page, invoice_pdf: `${page}/pdf` };
}

/**
 * An invoice as Stripe finalizes it. The customer's balance (negative: a
 * credit, e.g. from a downgrade) is applied first; a negative total adds to
 * that credit and leaves nothing due. Sets nothing on the customer but the
 * number sequence: the caller stores the new balance.
 */
export function buildInvoice(input: NewInvoice): Stripe.Invoice {
  const preview = input.outcome === 'preview';
  const id = preview ? `upcoming_${newId('in')}` : newId('in');
  const lines = input.lines.map((line) => buildLine(id, input.subscription, line));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const startingBalance = input.customer.balance;
  const afterBalance = startingBalance + total;
  const amountDue = Math.max(0, afterBalance);
  const paid = input.outcome === 'paid';
  const addresses = preview ? { hosted_invoice_url: null, invoice_pdf: null } : invoiceAddresses();
  return {
    id,
    object: 'invoice',
    account_country: 'IE',
    account_name: 'FrameForge',
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: paid ? amountDue : 0,
    amount_remaining: paid ? 0 : amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: preview ? 0 : 1,
    attempted: !preview,
    auto_advance: !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.at,
    currency: input.subscription.currency,
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
    effective_at: preview ? null : input.at,
    // What the customer's balance becomes once this invoice is finalized; unknown for a preview.
    ending_balance: preview ? null : Math.min(0, afterBalance),
    footer: null,
    from_invoice: null,
    ...addresses,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: input.outcome === 'payment_failed' ? input.at + 3 * 24 * 60 * 60 : null,
    number: preview ? null : nextNumber(input.customer),
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
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: preview ? 'draft' : paid ? 'paid' : 'open',
    status_transitions: { finalized_at: preview ? null : input.at, marked_uncollectible_at: null, paid_at: paid ? input.at : null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: preview ? null : input.at,
  };
}
