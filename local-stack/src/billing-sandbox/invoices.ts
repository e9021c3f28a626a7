import type Stripe from 'stripe';
import { renewalFails } from './cards';
import type { SandboxContext } from './context';
import type { LineInput } from './invoice-lines';
import { buildInvoice, type NewInvoice } from './invoice-objects';

/** The outcome follows from the card, so the caller does not name it. */
export type IssueInvoice = Omit<NewInvoice, 'outcome'>;

/** What the invoice of these lines would ask the card for, once the customer's balance is applied. */
export const amountDueOf = (customer: Stripe.Customer, lines: readonly LineInput[]): number =>
  Math.max(0, customer.balance + lines.reduce((sum, line) => sum + line.amount, 0));

/** Whether the subscription's saved card refuses a charge after the first (4000 0000 0000 0341). */
export function cardRefusesLaterCharges(ctx: SandboxContext, subscription: Stripe.Subscription): boolean {
  return renewalFails(ctx.state.paymentMethods[String(subscription.default_payment_method)]?.card?.last4);
}

/**
 * Finalizes an invoice and charges what is due to the saved card: stored, made
 * the subscription's latest, the customer's balance moved by it. Nothing due
 * (a credit covers it) is paid at once. The caller queues the events.
 */
export function issueInvoice(ctx: SandboxContext, input: IssueInvoice, cardRefuses: boolean): Stripe.Invoice {
  const refused = cardRefuses && amountDueOf(input.customer, input.lines) > 0;
  const invoice = buildInvoice({ ...input, outcome: refused ? 'payment_failed' : 'paid' });
  input.customer.balance = invoice.ending_balance ?? input.customer.balance;
  ctx.state.invoices[invoice.id] = invoice;
  input.subscription.latest_invoice = invoice.id;
  return invoice;
}

/** Takes the prorations kept for the subscription's next invoice. */
export function takePendingLines(ctx: SandboxContext, subscriptionId: string): LineInput[] {
  const lines = ctx.state.pendingLines[subscriptionId] ?? [];
  delete ctx.state.pendingLines[subscriptionId];
  return lines;
}

/** The invoice whose hosted page or PDF an address token names. */
export function invoiceByToken(ctx: SandboxContext, token: string): Stripe.Invoice | undefined {
  // Stored as a path, or with the origin of its day by earlier versions.
  const suffix = `/invoice/${token}`;
  return Object.values(ctx.state.invoices).find((invoice) => invoice.hosted_invoice_url?.endsWith(suffix));
}
