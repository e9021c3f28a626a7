import type { CardDetails } from './objects';

/** Stripe's test cards this sandbox knows: what happens when each is charged. */
const TEST_CARDS: Record<string, 'succeeds' | 'declined' | 'fails-later'> = {
  '4242424242424242': 'succeeds',
  // Attaches and pays the first invoice, then every later charge fails.
  '4000000000000341': 'fails-later',
  '4000000000000002': 'declined',
};

export const CARD_VISA = '4242424242424242';
export const CARD_FAILS_LATER = '4000000000000341';

/** Stripe's ready-made test payment methods, usable as `default_payment_method` without a page. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: CARD_VISA,
  pm_card_chargeCustomerFail: CARD_FAILS_LATER,
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
};

export const isDeclined = (number: string): boolean => TEST_CARDS[number] === 'declined';

/** Renewals charge the saved card again; 4000 0000 0000 0341 refuses. */
export const renewalFails = (last4: string | undefined): boolean => last4 === CARD_FAILS_LATER.slice(-4);

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardCheck = { ok: true; card: CardDetails } | { ok: false; field: CardField; message: string };

/** Stripe Checkout's own wording for each mistake, checked in the order the form shows the fields. */
export function checkCard(form: CardForm, now: number): CardCheck {
  const number = form.number.replace(/[\s-]/g, '');
  if (number === '') return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  if (!(number in TEST_CARDS)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };

  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  const expMonth = expiry ? Number(expiry[1]) : 0;
  if (!expiry || expMonth < 1 || expMonth > 12) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const yearText = expiry[2] ?? '';
  const expYear = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const today = new Date(now * 1000);
  const thisYear = today.getUTCFullYear();
  if (expYear < thisYear) return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  if (expYear === thisYear && expMonth < today.getUTCMonth() + 1) return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };

  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const name = form.name.trim();
  if (name === '') return { ok: false, field: 'name', message: 'Enter the name on your card.' };
  return { ok: true, card: { number, expMonth, expYear, name } };
}

/** The card behind a test payment method id, valid for years to come. */
export function testCard(number: string, now: number): CardDetails {
  return { number, expMonth: 12, expYear: new Date(now * 1000).getUTCFullYear() + 5, name: null };
}
