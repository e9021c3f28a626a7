import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import type { SandboxContext } from './context';
import { formatDate, formatMoney } from './format';
import { html, messagePage, page } from './html';
import { sendHtml } from './http';
import { appliedBalance, invoicePdf } from './invoice-pdf';
import { invoiceByToken } from './invoices';
import { withPageLinks } from './links';

function invoiceHtml(invoice: Stripe.Invoice): string {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const paid = invoice.status === 'paid';
  const applied = appliedBalance(invoice);
  const body = html`<main>
<header><p class="muted">${invoice.account_name ?? 'FrameForge'} <span class="badge">Test mode</span></p></header>
<section class="card" aria-labelledby="invoice-heading">
  <p class="muted">${paid ? 'Invoice paid' : 'Invoice due'}</p>
  <h1 id="invoice-heading">${money(paid ? invoice.amount_paid : invoice.amount_remaining)}</h1>
  <p>${paid && invoice.status_transitions.paid_at ? `Paid on ${formatDate(invoice.status_transitions.paid_at)}` : `Payment of ${formatDate(invoice.created)} not completed`}</p>
  <dl>
    <dt>Invoice number</dt><dd>${invoice.number ?? invoice.id}</dd>
    <dt>Date of issue</dt><dd>${formatDate(invoice.created)}</dd>
    <dt>Billed to</dt><dd>${invoice.customer_email ?? ''}</dd>
  </dl>
  ${invoice.invoice_pdf ? html`<a class="button" href="${invoice.invoice_pdf}">Download invoice</a>` : ''}
</section>
<section class="card" aria-labelledby="lines-heading">
  <h2 id="lines-heading">Invoice ${invoice.number ?? ''}</h2>
  <table>
    <thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
    <tbody>${invoice.lines.data.map(
      (line) => html`<tr><td>${line.description ?? ''}<br><span class="muted">${formatDate(line.period.start)} – ${formatDate(line.period.end)}</span></td><td class="amount">${money(line.amount)}</td></tr>`,
    )}</tbody>
    <tfoot>
      <tr><td>Total</td><td class="amount">${money(invoice.total)}</td></tr>
      ${applied !== 0 ? html`<tr><td>Applied balance</td><td class="amount">${money(applied)}</td></tr>` : ''}
      <tr class="total"><td>Amount ${paid ? 'paid' : 'due'}</td><td class="amount">${money(paid ? invoice.amount_paid : invoice.amount_remaining)}</td></tr>
    </tfoot>
  </table>
</section>
</main>`;
  return page(`Invoice ${invoice.number ?? ''} · ${invoice.account_name ?? 'FrameForge'}`, body);
}

const notFound = () => messagePage('Invoice not found', 'This invoice link is not valid.');

/** Stripe's hosted invoice page: anyone holding the link sees the invoice, as with Stripe. */
export function showInvoicePage(ctx: SandboxContext, res: ServerResponse, token: string): void {
  const invoice = invoiceByToken(ctx, token);
  if (!invoice) return sendHtml(res, 404, notFound());
  sendHtml(res, 200, invoiceHtml(withPageLinks(invoice, ctx.options.publicUrl)));
}

export function sendInvoicePdf(ctx: SandboxContext, res: ServerResponse, token: string): void {
  const invoice = invoiceByToken(ctx, token);
  if (!invoice) return sendHtml(res, 404, notFound());
  const pdf = invoicePdf(invoice);
  res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': `inline; filename="Invoice-${(invoice.number ?? invoice.id).replace(/[^\w-]/g, '')}.pdf"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(pdf);
}
