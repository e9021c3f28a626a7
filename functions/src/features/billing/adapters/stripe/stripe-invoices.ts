import type Stripe from 'stripe';
import { INVOICE_STATUSES, type InvoiceSummary } from '../../contracts/billing';
import type { InvoicePage } from '../../domain/billing';

type ListedStatus = InvoiceSummary['status'];
const isListed = (status: Stripe.Invoice.Status | null): status is ListedStatus => INVOICE_STATUSES.some((s) => s === status);

export function toInvoiceSummary(invoice: Stripe.Invoice, status: ListedStatus): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    created: invoice.created,
    currency: invoice.currency,
    total: invoice.total,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    status,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  };
}

/**
 * A page of the customer's invoices as Stripe lists them, newest first.
 * Drafts (Stripe holds a renewal's invoice as a draft for about an hour) are
 * not the customer's to see yet and are left out.
 */
export async function listInvoicesOf(stripe: Stripe, customerId: string, page: { limit: number; startingAfter?: string }): Promise<InvoicePage> {
  const list = await stripe.invoices.list({
    customer: customerId,
    limit: page.limit,
    ...(page.startingAfter ? { starting_after: page.startingAfter } : {}),
  });
  const invoices = list.data.flatMap((invoice) => (isListed(invoice.status) ? [toInvoiceSummary(invoice, invoice.status)] : []));
  return { invoices, hasMore: list.has_more };
}
