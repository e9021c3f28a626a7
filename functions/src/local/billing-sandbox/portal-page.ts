import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { AUTOMATIC, type SandboxContext } from './context';
import type { ParamReader } from './form-encoding';
import { formatDate, formatMoney } from './format';
import { html, messagePage, page, type SafeHtml } from './html';
import { redirect, sendHtml } from './http';
import { firstItem } from './objects';
import { processDueWork } from './renewals';
import { changeSubscription, liveSubscriptions } from './subscriptions';

const STATUS_TEXT: Record<string, string> = { active: 'Active', past_due: 'Past due', trialing: 'Trial', unpaid: 'Unpaid', incomplete: 'Incomplete' };

const action = (name: string, label: string, className: string, extra: SafeHtml | '' = ''): SafeHtml =>
  html`<form method="post"><input type="hidden" name="action" value="${name}">${extra}<button type="submit" class="${className}">${label}</button></form>`;

/** The plan a confirmation flow proposes, when it still differs from the current one. */
function pendingConfirmation(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription | undefined) {
  const confirm = portal.flow?.subscription_update_confirm;
  if (!confirm || !subscription || confirm.subscription !== subscription.id) return undefined;
  const priceId = confirm.items[0]?.price;
  const entry = priceId ? ctx.catalog.byPrice(priceId) : undefined;
  return entry && entry.price.id !== firstItem(subscription).price.id ? entry : undefined;
}

function subscriptionHtml(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): SafeHtml {
  const item = firstItem(subscription);
  const current = ctx.catalog.byPrice(item.price.id);
  const card = ctx.state.paymentMethods[String(subscription.default_payment_method)]?.card;
  const brand = card ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : null;
  const proposed = pendingConfirmation(ctx, portal, subscription);
  const wantsCancel = portal.flow?.subscription_cancel?.subscription === subscription.id && !subscription.cancel_at_period_end;
  const others = ctx.catalog.entries.filter((e) => e.price.id !== item.price.id);
  return html`
${proposed ? html`<section class="card"><h1>Confirm your new plan</h1>
  <p>${proposed.plan.name}: ${formatMoney(proposed.price.unit_amount ?? 0, proposed.price.currency)} per month, instead of ${current?.plan.name ?? item.price.id}.</p>
  ${action('switch', `Confirm switch to ${proposed.plan.name}`, '', html`<input type="hidden" name="price" value="${proposed.price.id}"><input type="hidden" name="confirm" value="true">`)}</section>` : ''}
${wantsCancel ? html`<section class="card"><h1>Cancel your subscription?</h1>
  <p>It stays active until ${formatDate(item.current_period_end)}.</p>${action('cancel', 'Confirm cancellation', 'danger')}</section>` : ''}
<section class="card">
  <h2>Current subscription</h2>
  <p class="price">${current?.plan.name ?? item.price.id}</p>
  <p>${formatMoney((item.price.unit_amount ?? 0) * (item.quantity ?? 1), item.price.currency)} per month</p>
  <dl>
    <dt>Status</dt><dd>${STATUS_TEXT[subscription.status] ?? subscription.status}</dd>
  </dl>
  <p>${subscription.cancel_at_period_end ? `Cancels on ${formatDate(item.current_period_end)}` : `Renews on ${formatDate(item.current_period_end)}`}</p>
  ${subscription.cancel_at_period_end ? action('renew', 'Renew subscription', '') : action('cancel', 'Cancel subscription', 'danger')}
</section>
<section class="card">
  <h2>Payment method</h2>
  <p>${card ? `${brand} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : 'No card on file'}</p>
</section>
<section class="card">
  <h2>Change plan</h2>
  <ul class="plain">${others.map(
    (e) => html`<li><p>${e.plan.name}: ${formatMoney(e.price.unit_amount ?? 0, e.price.currency)} per month</p>
      ${action('switch', `Switch to ${e.plan.name}`, 'secondary', html`<input type="hidden" name="price" value="${e.price.id}">`)}</li>`,
  )}</ul>
</section>`;
}

function portalHtml(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, notice?: string): string {
  const customer = ctx.state.customers[portal.customer];
  const subscription = liveSubscriptions(ctx, portal.customer)[0];
  const body = html`<main>
<header>
  ${portal.return_url ? html`<p><a href="${portal.return_url}"><span aria-hidden="true">← </span>Return to FrameForge</a></p>` : ''}
  <p class="muted">FrameForge billing <span class="badge">Test mode</span>${customer?.email ? html` · ${customer.email}` : ''}</p>
</header>
${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
${subscription ? subscriptionHtml(ctx, portal, subscription) : html`<section class="card"><h2>Current subscription</h2><p>You have no active subscription.</p></section>`}
</main>`;
  return page('Manage your subscription · FrameForge', body);
}

export function showPortal(ctx: SandboxContext, res: ServerResponse, portalId: string): void {
  processDueWork(ctx);
  const portal = ctx.state.portalSessions[portalId];
  if (!portal) return sendHtml(res, 404, messagePage('Billing portal not found', 'This billing portal session does not exist.'));
  sendHtml(res, 200, portalHtml(ctx, portal));
}

export function submitPortal(ctx: SandboxContext, res: ServerResponse, portalId: string, form: ParamReader): void {
  processDueWork(ctx);
  const portal = ctx.state.portalSessions[portalId];
  if (!portal) return sendHtml(res, 404, messagePage('Billing portal not found', 'This billing portal session does not exist.'));
  const subscription = liveSubscriptions(ctx, portal.customer)[0];
  if (!subscription) return sendHtml(res, 409, portalHtml(ctx, portal, 'There is no subscription to change.'));
  const item = firstItem(subscription);
  let notice: string;
  switch (form.string('action')) {
    case 'switch': {
      const entry = ctx.catalog.byPrice(form.string('price') ?? '');
      if (!entry) return sendHtml(res, 400, portalHtml(ctx, portal, 'That plan is not available.'));
      changeSubscription(ctx, subscription, { price: entry.price }, AUTOMATIC);
      notice = `Your plan is now ${entry.plan.name}.`;
      break;
    }
    case 'cancel':
      changeSubscription(ctx, subscription, { cancelAtPeriodEnd: true }, AUTOMATIC);
      notice = `Your subscription will be canceled on ${formatDate(item.current_period_end)}.`;
      break;
    case 'renew':
      changeSubscription(ctx, subscription, { cancelAtPeriodEnd: false }, AUTOMATIC);
      notice = `Your subscription has been renewed and continues on ${formatDate(item.current_period_end)}.`;
      break;
    default:
      return sendHtml(res, 400, portalHtml(ctx, portal, 'Unknown action.'));
  }
  ctx.commit();
  const afterFlow = portal.flow?.after_completion;
  const finishesFlow = form.string('confirm') === 'true' || (form.string('action') === 'cancel' && portal.flow?.type === 'subscription_cancel');
  if (finishesFlow && afterFlow?.type === 'redirect' && afterFlow.redirect) return redirect(res, afterFlow.redirect.return_url);
  sendHtml(res, 200, portalHtml(ctx, portal, notice));
}
