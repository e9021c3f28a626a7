import type Stripe from 'stripe';
import { formatDate, formatMoney } from './format';

/** What one invoice line charges (or credits, when negative), before it has an id. */
export interface LineInput {
  price: Stripe.Price;
  quantity: number;
  productName: string;
  /** In the currency's smallest unit; negative for a credit. */
  amount: number;
  description: string;
  period: { start: number; end: number };
  proration: boolean;
  /** For a credit proration: the invoice line that charged the time now given back. */
  creditedItems: { invoice: string; invoice_line_items: string[] } | null;
}

export interface Period {
  start: number;
  end: number;
}

const quantityPrefix = (quantity: number) => (quantity === 1 ? '' : `${quantity} × `);

/** A whole period of a price, as Stripe words it: `1 × Boost (at €20.00 / month)`. */
export function periodLine(price: Stripe.Price, quantity: number, productName: string, period: Period): LineInput {
  const unit = price.unit_amount ?? 0;
  return {
    price,
    quantity,
    productName,
    amount: unit * quantity,
    description: `${quantity} × ${productName} (at ${formatMoney(unit, price.currency)} / ${price.recurring?.interval ?? 'month'})`,
    period,
    proration: false,
    creditedItems: null,
  };
}

/** The share of the period still ahead at `at`, to the second, as Stripe prorates. */
export function remainingShare(period: Period, at: number): number {
  const length = period.end - period.start;
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end - at) / length));
}

/** A full amount scaled by the share left, rounded to the nearest cent away from the sign. */
export function prorate(fullAmount: number, period: Period, at: number): number {
  const exact = fullAmount * remainingShare(period, at);
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export interface PlanSwitch {
  from: { price: Stripe.Price; productName: string; quantity: number };
  to: { price: Stripe.Price; productName: string; quantity: number };
  period: Period;
  /** When the switch takes effect (Stripe's `proration_date`). */
  at: number;
  /** The invoice line that charged the current period, credited back. */
  creditedItems: LineInput['creditedItems'];
}

/**
 * Stripe's two proration lines for a price change inside a period: the unused
 * time on the old price credited, the remaining time on the new price charged.
 */
export function prorationLines(change: PlanSwitch): LineInput[] {
  const { from, to, period, at } = change;
  const rest = { start: at, end: period.end };
  const after = formatDate(at);
  return [
    {
      ...from,
      amount: -prorate((from.price.unit_amount ?? 0) * from.quantity, period, at),
      description: `Unused time on ${quantityPrefix(from.quantity)}${from.productName} after ${after}`,
      period: rest,
      proration: true,
      creditedItems: change.creditedItems,
    },
    {
      ...to,
      amount: prorate((to.price.unit_amount ?? 0) * to.quantity, period, at),
      description: `Remaining time on ${quantityPrefix(to.quantity)}${to.productName} after ${after}`,
      period: rest,
      proration: true,
      creditedItems: null,
    },
  ];
}
