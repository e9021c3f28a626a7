import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { AUTOMATIC, type SandboxContext } from './context';
import type { ParamReader } from './form-encoding';
import { formatDate } from './format';
import { messagePage } from './html';
import { redirect, sendHtml } from './http';
import { firstItem } from './objects';
import { showCardForm, submitCardForm } from './portal-card';
import { portalHome } from './portal-home';
import { confirmationSection, confirmSwitch } from './portal-plan-change';
import { portalPage, portalPath } from './portal-sections';
import { processDueWork } from './renewals';
import { changeSubscription, liveSubscriptions } from './subscriptions';

/** The portal session a page belongs to, with due renewals played first; answers 404 itself when there is none. */
function openPortal(ctx: SandboxContext, res: ServerResponse, portalId: string): Stripe.BillingPortal.Session | undefined {
  processDueWork(ctx);
  const portal = ctx.state.portalSessions[portalId];
  if (!portal) sendHtml(res, 404, messagePage('Billing portal not found', 'This billing portal session does not exist.'));
  return portal;
}

/** `GET /billing_portal/:id[/change|/payment-method]`. */
export function showPortal(ctx: SandboxContext, res: ServerResponse, portalId: string, subpage: string, query: ParamReader): void {
  const portal = openPortal(ctx, res, portalId);
  if (!portal) return;
  if (subpage === '/payment-method' || (subpage === '' && portal.flow?.type === 'payment_method_update')) return showCardForm(ctx, res, portal);
  if (subpage === '/change') {
    const subscription = liveSubscriptions(ctx, portal.customer)[0];
    const entry = ctx.catalog.byPrice(query.string('price') ?? '');
    if (!subscription || !entry || entry.price.id === firstItem(subscription).price.id) return sendHtml(res, 400, portalHome(ctx, portal, { alert: 'That plan is not available.' }));
    return sendHtml(res, 200, portalPage(ctx, portal, confirmationSection(ctx, portal, subscription, { entry, at: ctx.clock.now() }, portalPath(portal))));
  }
  if (subpage !== '') return sendHtml(res, 404, messagePage('Page not found', 'There is nothing at this address.'));
  sendHtml(res, 200, portalHome(ctx, portal));
}

/** `POST /billing_portal/:id` (switch, cancel, renew) and `POST /billing_portal/:id/payment-method`. */
export function submitPortal(ctx: SandboxContext, res: ServerResponse, portalId: string, subpage: string, form: ParamReader): void {
  const portal = openPortal(ctx, res, portalId);
  if (!portal) return;
  if (subpage === '/payment-method') return submitCardForm(ctx, res, portal, form);
  if (subpage !== '') return sendHtml(res, 404, messagePage('Page not found', 'There is nothing at this address.'));
  const subscription = liveSubscriptions(ctx, portal.customer)[0];
  if (!subscription) return sendHtml(res, 409, portalHome(ctx, portal, { alert: 'There is no subscription to change.' }));
  const item = firstItem(subscription);
  let notice: string;
  switch (form.string('action')) {
    case 'switch': {
      const outcome = confirmSwitch(ctx, subscription, form);
      if (!outcome.ok) {
        const page = outcome.proposed
          ? portalPage(ctx, portal, confirmationSection(ctx, portal, subscription, outcome.proposed, portalPath(portal)), { alert: outcome.alert })
          : portalHome(ctx, portal, { alert: outcome.alert });
        return sendHtml(res, outcome.status, page);
      }
      notice = outcome.notice;
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
      return sendHtml(res, 400, portalHome(ctx, portal, { alert: 'Unknown action.' }));
  }
  ctx.commit();
  const afterFlow = portal.flow?.after_completion;
  const finishesFlow = form.string('confirm') === 'true' || (form.string('action') === 'cancel' && portal.flow?.type === 'subscription_cancel');
  if (finishesFlow && afterFlow?.type === 'redirect' && afterFlow.redirect) return redirect(res, afterFlow.redirect.return_url);
  sendHtml(res, 200, portalHome(ctx, portal, { notice }));
}
