import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { cardFields, field, readCardForm } from './card-form';
import { type CardField, type CardForm, checkCard, isDeclined } from './cards';
import { completeCheckout, successUrlFor } from './checkout-complete';
import type { SandboxContext } from './context';
import type { ParamReader } from './form-encoding';
import { formatMoney } from './format';
import { html, messagePage, page } from './html';
import { redirect, sendHtml } from './http';
import { processDueWork } from './renewals';

interface FormState {
  values: CardForm & { email: string };
  error?: { field: CardField | 'email'; message: string };
}

function checkoutHtml(ctx: SandboxContext, session: Stripe.Checkout.Session, form: FormState): string {
  const line = ctx.state.checkoutLines[session.id];
  const entry = line ? ctx.catalog.byPrice(line.price) : undefined;
  const name = entry?.plan.name ?? 'subscription';
  const unit = entry?.price.unit_amount ?? 0;
  const quantity = line?.quantity ?? 1;
  const currency = session.currency ?? 'eur';
  const customer = typeof session.customer === 'string' ? ctx.state.customers[session.customer] : undefined;
  const email = customer?.email ?? session.customer_email;
  const err = form.error;
  const invalid = (f: CardField | 'email') => err?.field === f;
  const body = html`<main class="split">
<section>
  ${session.cancel_url ? html`<p><a href="${session.cancel_url}"><span aria-hidden="true">← </span>Back</a></p>` : ''}
  <p class="muted">FrameForge <span class="badge">Test mode</span></p>
  <h1>Subscribe to ${name}</h1>
  <p class="price">${formatMoney(unit * quantity, currency)} per month</p>
  <div class="card"><dl>
    <dt>${name}${quantity > 1 ? html` × ${quantity}` : ''}</dt><dd>Billed monthly</dd>
    <dt>Total due today</dt><dd>${formatMoney(session.amount_total ?? unit * quantity, currency)}</dd>
  </dl></div>
</section>
<section class="card">
  <form method="post" novalidate>
    <h2>Pay with card</h2>
    ${err ? html`<div class="alert" role="alert">${err.message}</div>` : ''}
    ${email ? html`<dl><dt>Email</dt><dd>${email}</dd></dl>` : field('email', 'Email', form.values.email, html`type="email" autocomplete="email" required`, invalid('email'))}
    ${cardFields(form.values, invalid)}
    <button type="submit">Subscribe</button>
    <p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 pays now and fails at renewal; 4000 0000 0000 0002 is declined.</p>
  </form>
</section>
</main>`;
  return page(`Subscribe to ${name} · FrameForge`, body);
}

const emptyForm = (): FormState => ({ values: { number: '', expiry: '', cvc: '', name: '', email: '' } });

/** Why a session cannot be paid any more, or null while it is open. */
function closedPage(session: Stripe.Checkout.Session): string | null {
  if (session.status === 'expired') {
    return messagePage('This checkout page has expired', 'Start again from FrameForge to subscribe.', session.cancel_url ? { href: session.cancel_url, text: 'Back' } : undefined);
  }
  if (session.status === 'complete') {
    const next = successUrlFor(session);
    return messagePage('Your subscription is active', 'This checkout session is already complete.', next ? { href: next, text: 'Continue' } : undefined);
  }
  return null;
}

export function showCheckout(ctx: SandboxContext, res: ServerResponse, sessionId: string): void {
  processDueWork(ctx);
  const session = ctx.state.checkoutSessions[sessionId];
  if (!session) return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout session does not exist.'));
  const closed = closedPage(session);
  if (closed) return sendHtml(res, session.status === 'expired' ? 410 : 200, closed);
  sendHtml(res, 200, checkoutHtml(ctx, session, emptyForm()));
}

export function submitCheckout(ctx: SandboxContext, res: ServerResponse, sessionId: string, form: ParamReader): void {
  processDueWork(ctx);
  const session = ctx.state.checkoutSessions[sessionId];
  if (!session) return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout session does not exist.'));
  const next = successUrlFor(session);
  // A second submit of a paid page goes where the first went instead of charging again.
  if (session.status === 'complete' && next) return redirect(res, next);
  const closed = closedPage(session);
  if (closed) return sendHtml(res, session.status === 'expired' ? 410 : 200, closed);

  const values = { ...readCardForm(form), email: (form.string('email') ?? '').trim() };
  const needsEmail = !session.customer && !session.customer_email;
  if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    return sendHtml(res, 400, checkoutHtml(ctx, session, { values, error: { field: 'email', message: 'Your email address is invalid.' } }));
  }
  const check = checkCard(values, ctx.clock.now());
  if (!check.ok) return sendHtml(res, 400, checkoutHtml(ctx, session, { values, error: { field: check.field, message: check.message } }));
  if (isDeclined(check.card.number)) {
    return sendHtml(res, 402, checkoutHtml(ctx, session, { values, error: { field: 'number', message: 'Your card was declined.' } }));
  }
  completeCheckout(ctx, session, check.card, needsEmail ? values.email : null);
  if (next) return redirect(res, next);
  sendHtml(res, 200, messagePage('Thanks for subscribing', 'Your subscription is active. You can close this page.'));
}
