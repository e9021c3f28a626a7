import type { InvoiceSummary } from '@frameforge/functions/features/billing/contracts/billing';
import type { StatusTone } from './subscription-display';

/** How many minor units a currency has, as Intl knows it (2 for EUR, 0 for JPY). */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Stripe's amount in the currency's smallest unit, in the reader's language: 2000 eur → €20.00 / 20,00 €. */
export function formatInvoiceAmount(amount: number, currency: string, language: string): string {
  const code = currency.toUpperCase();
  const value = amount / 10 ** minorDigits(code);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: code }).format(value);
  } catch {
    return `${value.toFixed(2)} ${code}`;
  }
}

const TONES: Record<InvoiceSummary['status'], StatusTone> = { paid: 'positive', open: 'warning', uncollectible: 'warning', void: 'neutral' };

/** An invoice still to pay draws the eye; a paid or voided one does not. */
export const invoiceToneOf = (status: InvoiceSummary['status']): StatusTone => TONES[status];
