const money = new Map<string, Intl.NumberFormat>();

/** `2000, 'eur'` → `€20.00`: amounts are in the currency's smallest unit, as in Stripe. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = money.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-IE', { style: 'currency', currency: code });
    money.set(code, format);
  }
  return format.format(amount / 100);
}

const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Seconds since the epoch → `March 14, 2026` (UTC, so every machine prints the same day). */
export const formatDate = (seconds: number): string => dates.format(new Date(seconds * 1000));
