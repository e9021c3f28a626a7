/** Stripe's subscription statuses that have a translated badge; any other is shown as Stripe spells it. */
export const KNOWN_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];
export type StatusTone = 'positive' | 'warning' | 'neutral';

const TONES: Record<KnownStatus, StatusTone> = {
  active: 'positive',
  trialing: 'positive',
  past_due: 'warning',
  unpaid: 'warning',
  incomplete: 'warning',
  canceled: 'neutral',
  incomplete_expired: 'neutral',
  paused: 'neutral',
};

export function isKnownStatus(status: string): status is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

/** Payment trouble is worth the user's attention; a finished subscription is not alarming. */
export function statusToneOf(status: string): StatusTone {
  return isKnownStatus(status) ? TONES[status] : 'neutral';
}

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** Stripe gives brands as lower-case ids ('visa', 'amex'); people know them by their marketed names. */
export function cardBrandName(brand: string | null | undefined): string | null {
  const id = brand?.trim().toLowerCase();
  if (!id || id === 'unknown') return null;
  return BRANDS[id] ?? id.replace(/_/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
