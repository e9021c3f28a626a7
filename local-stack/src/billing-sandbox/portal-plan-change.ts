import type Stripe from 'stripe';
import type { CatalogEntry } from './catalog';
import { AUTOMATIC, type SandboxContext } from './context';
import { StripeApiError } from './errors';
import type { ParamReader } from './form-encoding';
import { formatDate, formatMoney } from './format';
import { html, type SafeHtml } from './html';
import { appliedBalance } from './invoice-pdf';
import { firstItem } from './objects';
import { applyPlanChange, previewInvoice } from './plan-change';
import { action } from './portal-sections';

/** The billing portal charges a plan switch at once, as its configuration says (`always_invoice`). */
const PORTAL_PRORATION = 'always_invoice';

/** A switch the customer has seen and may confirm: the plan and the moment its amounts were computed for. */
export interface ProposedSwitch {
  entry: CatalogEntry;
  at: number;
}

/**
 * Stripe's confirmation of a plan switch: the new price, the prorated lines
 * (unused time credited, remaining time charged, to the second) and the amount
 * due now, all from the invoice preview. The confirmation carries the moment
 * they were computed for (`proration_date`), so the charge equals what was shown.
 */
export function confirmationSection(
  ctx: SandboxContext,
  portal: Stripe.BillingPortal.Session,
  subscription: Stripe.Subscription,
  proposed: ProposedSwitch,
  cancelHref: string | null,
): SafeHtml {
  const item = firstItem(subscription);
  const { entry, at } = proposed;
  const preview = previewInvoice(ctx, subscription, { price: entry.price, quantity: item.quantity ?? 1, behavior: PORTAL_PRORATION, prorationDate: at });
  const money = (amount: number) => formatMoney(amount, preview.currency);
  const applied = appliedBalance(preview);
  const creditLeft = -Math.min(0, preview.starting_balance + preview.total);
  const currentName = ctx.catalog.byPrice(item.price.id)?.plan.name ?? item.price.id;
  const hidden = html`<input type="hidden" name="price" value="${entry.price.id}"><input type="hidden" name="proration_date" value="${at}"><input type="hidden" name="confirm" value="true">`;
  return html`<section class="card" aria-labelledby="confirm-heading">
  <h1 id="confirm-heading">Confirm your new plan</h1>
  <p class="price">${entry.plan.name}: ${money(entry.price.unit_amount ?? 0)} per month</p>
  <p class="muted">Instead of ${currentName} at ${money(item.price.unit_amount ?? 0)} per month.</p>
  <table aria-label="Prorated amounts">
    <tbody>${preview.lines.data.map((line) => html`<tr><td>${line.description ?? ''}</td><td class="amount">${money(line.amount)}</td></tr>`)}</tbody>
    <tfoot>
      ${applied !== 0 ? html`<tr><td>Applied balance</td><td class="amount">${money(applied)}</td></tr>` : ''}
      <tr class="total"><td>Amount due today</td><td class="amount" data-testid="amount-due">${money(preview.amount_due)}</td></tr>
    </tfoot>
  </table>
  ${creditLeft > 0 ? html`<p>${money(creditLeft)} stays as credit on your account and pays your next invoices.</p>` : ''}
  <p>Then ${money((entry.price.unit_amount ?? 0) * (item.quantity ?? 1))} per month from ${formatDate(item.current_period_end)}.</p>
  ${action(portal, 'switch', `Confirm switch to ${entry.plan.name}`, '', hidden)}
  ${cancelHref ? html`<a class="button" href="${cancelHref}">Cancel</a>` : ''}
</section>`;
}

export type SwitchOutcome = { ok: true; notice: string } | { ok: false; status: number; alert: string; proposed?: ProposedSwitch };

/** A confirmation's `proration_date`, if it still falls in the current period and not ahead of now. */
function confirmedMoment(form: ParamReader, subscription: Stripe.Subscription, now: number): number | undefined {
  const text = form.string('proration_date') ?? '';
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const at = Number(text);
  const item = firstItem(subscription);
  return at >= item.current_period_start && at <= now ? at : undefined;
}

/** Applies a confirmed switch; what to show when the plan is gone, the amounts are stale or the card refuses. */
export function confirmSwitch(ctx: SandboxContext, subscription: Stripe.Subscription, form: ParamReader): SwitchOutcome {
  const entry = ctx.catalog.byPrice(form.string('price') ?? '');
  const item = firstItem(subscription);
  if (!entry || entry.price.id === item.price.id) return { ok: false, status: 400, alert: 'That plan is not available.' };
  const now = ctx.clock.now();
  const at = confirmedMoment(form, subscription, now);
  if (at === undefined) {
    return { ok: false, status: 409, alert: 'The amount due has changed since this page was opened. Check it and confirm again.', proposed: { entry, at: now } };
  }
  try {
    const invoice = applyPlanChange(ctx, subscription, { price: entry.price, quantity: item.quantity ?? 1, behavior: PORTAL_PRORATION, prorationDate: at }, AUTOMATIC);
    const charged = invoice && invoice.amount_paid > 0 ? ` ${formatMoney(invoice.amount_paid, invoice.currency)} was charged to your card.` : '';
    return { ok: true, notice: `Your plan is now ${entry.plan.name}.${charged}` };
  } catch (error) {
    if (error instanceof StripeApiError && error.status === 402) {
      return { ok: false, status: 402, alert: 'Your card was declined. Update your card, then try again.', proposed: { entry, at } };
    }
    throw error;
  }
}
