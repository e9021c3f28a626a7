import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { cardFields, readCardForm } from './card-form';
import { type CardField, type CardForm, checkCard, isDeclined } from './cards';
import type { SandboxContext } from './context';
import type { ParamReader } from './form-encoding';
import { html } from './html';
import { redirect, sendHtml } from './http';
import { replaceCard } from './payment-methods';
import { flowExit, portalHome } from './portal-home';
import { cardText, portalPage, portalPath } from './portal-sections';
import { liveSubscriptions } from './subscriptions';

const isCardFlow = (portal: Stripe.BillingPortal.Session) => portal.flow?.type === 'payment_method_update';

function cardFormPage(ctx: SandboxContext, portal: Stripe.BillingPortal.Session, values: CardForm, error?: { field: CardField; message: string }): string {
  const subscription = liveSubscriptions(ctx, portal.customer)[0];
  const customer = ctx.state.customers[portal.customer];
  const currentId = subscription?.default_payment_method ?? customer?.invoice_settings.default_payment_method;
  const current = typeof currentId === 'string' ? ctx.state.paymentMethods[currentId]?.card : undefined;
  const content = html`<section class="card" aria-labelledby="card-heading">
  <h1 id="card-heading">Update your card</h1>
  <p class="muted">Current card: ${cardText(current)}</p>
  <form method="post" action="${portalPath(portal, '/payment-method')}" novalidate>
    ${error ? html`<div class="alert" role="alert">${error.message}</div>` : ''}
    ${cardFields(values, (field) => error?.field === field)}
    <button type="submit">Save card</button>
  </form>
  <a class="button" href="${isCardFlow(portal) ? flowExit(portal) : portalPath(portal)}">Cancel</a>
  <p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is saved and fails at the next charge; 4000 0000 0000 0002 is declined.</p>
</section>`;
  return portalPage(ctx, portal, content);
}

export function showCardForm(ctx: SandboxContext, res: ServerResponse, portal: Stripe.BillingPortal.Session): void {
  sendHtml(res, 200, cardFormPage(ctx, portal, { number: '', expiry: '', cvc: '', name: '' }));
}

/** Saves the card as the customer's and their subscriptions' default, then ends a card flow where it asked to. */
export function submitCardForm(ctx: SandboxContext, res: ServerResponse, portal: Stripe.BillingPortal.Session, form: ParamReader): void {
  const values = readCardForm(form);
  const check = checkCard(values, ctx.clock.now());
  if (!check.ok) return sendHtml(res, 400, cardFormPage(ctx, portal, values, { field: check.field, message: check.message }));
  if (isDeclined(check.card.number)) return sendHtml(res, 402, cardFormPage(ctx, portal, values, { field: 'number', message: 'Your card was declined.' }));
  const customer = ctx.state.customers[portal.customer];
  if (!customer) return sendHtml(res, 404, portalHome(ctx, portal, { alert: 'This customer no longer exists.' }));
  const saved = replaceCard(ctx, customer, check.card);
  ctx.commit();
  const after = portal.flow?.after_completion;
  if (isCardFlow(portal) && after?.type === 'redirect' && after.redirect) return redirect(res, after.redirect.return_url);
  sendHtml(res, 200, portalHome(ctx, portal, { notice: `Your card was updated: ${cardText(saved.card)}.` }));
}
