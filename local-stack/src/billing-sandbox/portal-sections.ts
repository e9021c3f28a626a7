import { pageLink } from './links';
import type Stripe from 'stripe';
import type { SandboxContext } from './context';
import { newestFirst } from './expand';
import { formatDate, formatMoney } from './format';
import { html, page, type SafeHtml } from './html';
import { firstItem } from './objects';

const STATUS_TEXT: Record<string, string> = { active: 'Active', past_due: 'Past due', trialing: 'Trial', unpaid: 'Unpaid', incomplete: 'Incomplete' };
const INVOICE_STATUS_TEXT: Record<string, string> = { paid: 'Paid', open: 'Open', void: 'Void', uncollectible: 'Uncollectible', draft: 'Draft' };

/** The portal's own address, and its sub-pages. */
export const portalPath = (portal: Stripe.BillingPortal.Session, sub = ''): string => `/billing_portal/${portal.id}${sub}`;

/** A button that posts one action to the portal's home page. */
export const action = (portal: Stripe.BillingPortal.Session, name: string, label: string, className: string, extra: SafeHtml | '' = ''): SafeHtml =>
  html`<form method="post" action="${portalPath(portal)}"><input type="hidden" name="action" value="${name}">${extra}<button type="submit" class="${className}">${label}</button></form>`;

/** A button that opens another portal page (a GET, so nothing changes until that page is confirmed). */
export const opens = (href: string, label: string, className: string, fields: Record<string, string> = {}): SafeHtml =>
  html`<form method="get" action="${href}">${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}<button type="submit" class="${className}">${label}</button></form>`;

export function cardText(card: Stripe.PaymentMethod.Card | null | undefined): string {
  if (!card) return 'No card on file';
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

export const subscriptionCard = (ctx: SandboxContext, subscription: Stripe.Subscription) =>
  ctx.state.paymentMethods[String(subscription.default_payment_method)]?.card;

export function currentSection(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): SafeHtml {
  const item = firstItem(subscription);
  const name = ctx.catalog.byPrice(item.price.id)?.plan.name ?? item.price.id;
  const ends = subscription.cancel_at_period_end;
  return html`<section class="card">
  <h2>Current subscription</h2>
  <p class="price">${name}</p>
  <p>${formatMoney((item.price.unit_amount ?? 0) * (item.quantity ?? 1), item.price.currency)} per month</p>
  <dl><dt>Status</dt><dd>${STATUS_TEXT[subscription.status] ?? subscription.status}</dd></dl>
  <p>${ends ? `Cancels on ${formatDate(item.current_period_end)}` : `Renews on ${formatDate(item.current_period_end)}`}</p>
  ${ends ? action(portal, 'renew', 'Renew subscription', '') : action(portal, 'cancel', 'Cancel subscription', 'danger')}
</section>`;
}

export function paymentSection(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): SafeHtml {
  return html`<section class="card">
  <h2>Payment method</h2>
  <p>${cardText(subscriptionCard(ctx, subscription))}</p>
  ${opens(portalPath(portal, '/payment-method'), 'Update card', 'secondary')}
</section>`;
}

export function plansSection(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): SafeHtml {
  const current = firstItem(subscription).price.id;
  const others = ctx.catalog.entries.filter((e) => e.price.id !== current);
  return html`<section class="card">
  <h2>Change plan</h2>
  <ul class="plain">${others.map(
    (e) => html`<li><p>${e.plan.name}: ${formatMoney(e.price.unit_amount ?? 0, e.price.currency)} per month</p>
      ${opens(portalPath(portal, '/change'), `Switch to ${e.plan.name}`, 'secondary', { price: e.price.id })}</li>`,
  )}</ul>
</section>`;
}

/** Stripe's "Invoice history": each invoice's date, amount and status, linked to its hosted page. */
export function invoiceHistory(ctx: SandboxContext, customerId: string): SafeHtml {
  const invoices = newestFirst(Object.values(ctx.state.invoices).filter((i) => i.customer === customerId)).slice(0, 24);
  if (invoices.length === 0) return html``;
  return html`<section class="card">
  <h2>Invoice history</h2>
  <table>
    <thead><tr><th scope="col">Date</th><th scope="col" class="amount">Amount</th><th scope="col">Status</th><th scope="col"><span class="muted">Invoice</span></th></tr></thead>
    <tbody>${invoices.map(
      (i) => html`<tr><td>${formatDate(i.created)}</td><td class="amount">${formatMoney(i.total, i.currency)}</td><td>${INVOICE_STATUS_TEXT[i.status ?? ''] ?? i.status}</td>
        <td>${i.hosted_invoice_url ? html`<a href="${pageLink(i.hosted_invoice_url, ctx.options.publicUrl)}">${i.number ?? 'View'}</a>` : ''}</td></tr>`,
    )}</tbody>
  </table>
</section>`;
}

/** Every portal page: the way back to the product, who is signed in, a notice or an alert, then the content. */
export function portalPage(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, content: SafeHtml, message?: { notice?: string; alert?: string }): string {
  const customer = ctx.state.customers[portal.customer];
  const body = html`<main>
<header>
  ${portal.return_url ? html`<p><a href="${portal.return_url}"><span aria-hidden="true">← </span>Return to FrameForge</a></p>` : ''}
  <p class="muted">FrameForge billing <span class="badge">Test mode</span>${customer?.email ? html` · ${customer.email}` : ''}</p>
</header>
${message?.notice ? html`<div class="notice" role="status">${message.notice}</div>` : ''}
${message?.alert ? html`<div class="alert" role="alert">${message.alert}</div>` : ''}
${content}
</main>`;
  return page('Manage your subscription · FrameForge', body);
}
