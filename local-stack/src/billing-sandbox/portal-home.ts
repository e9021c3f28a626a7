import type Stripe from 'stripe';
import type { SandboxContext } from './context';
import { formatDate } from './format';
import { html } from './html';
import { firstItem } from './objects';
import { confirmationSection, type ProposedSwitch } from './portal-plan-change';
import { action, currentSection, invoiceHistory, paymentSection, plansSection, portalPage, portalPath } from './portal-sections';
import { liveSubscriptions } from './subscriptions';

/** The switch a `subscription_update_confirm` flow proposes, while it still differs from the current plan. */
function flowSwitch(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): ProposedSwitch | undefined {
  const confirm = portal.flow?.subscription_update_confirm;
  if (!confirm || confirm.subscription !== subscription.id) return undefined;
  const priceId = confirm.items[0]?.price;
  const entry = priceId ? ctx.catalog.byPrice(priceId) : undefined;
  return entry && entry.price.id !== firstItem(subscription).price.id ? { entry, at: ctx.clock.now() } : undefined;
}

/** Where "Cancel" leads from a flow's confirmation: back to the product when the flow came from it. */
export const flowExit = (portal: Stripe.BillingPortal.Session): string => portal.return_url ?? portalPath(portal);

/**
 * The portal's home: a flow's confirmation first (a plan switch or a
 * cancellation), then the subscription, the card, the other plans and the invoices.
 */
export function portalHome(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, message?: { notice?: string; alert?: string }): string {
  const subscription = liveSubscriptions(ctx, portal.customer)[0];
  if (!subscription) {
    return portalPage(
      ctx,
      portal,
      html`<section class="card"><h2>Current subscription</h2><p>You have no active subscription.</p></section>${invoiceHistory(ctx, portal.customer)}`,
      message,
    );
  }
  const proposed = flowSwitch(ctx, portal, subscription);
  const wantsCancel = portal.flow?.subscription_cancel?.subscription === subscription.id && !subscription.cancel_at_period_end;
  const content = html`
${proposed ? confirmationSection(ctx, portal, subscription, proposed, flowExit(portal)) : ''}
${wantsCancel ? html`<section class="card"><h1>Cancel your subscription?</h1>
  <p>It stays active until ${formatDate(firstItem(subscription).current_period_end)}.</p>${action(portal, 'cancel', 'Confirm cancellation', 'danger')}</section>` : ''}
${currentSection(ctx, portal, subscription)}
${paymentSection(ctx, portal, subscription)}
${plansSection(ctx, portal, subscription)}
${invoiceHistory(ctx, portal.customer)}`;
  return portalPage(ctx, portal, content, message);
}
