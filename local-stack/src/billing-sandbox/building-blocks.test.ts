import Stripe from 'stripe';
import { checkCard } from './cards';
import { addMonths, nextPeriodEnd } from './clock';
import { previousAttributes } from './events';
import { html } from './html';
import { retryDelayMs, signatureHeader } from './webhook-sender';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('monthly periods', () => {
  it('keeps the anchor day, clamped to shorter months', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1)).toBe(at('2026-02-28T10:00:00Z'));
    expect(addMonths(at('2026-01-31T10:00:00Z'), 2)).toBe(at('2026-03-31T10:00:00Z'));
    expect(addMonths(at('2026-11-15T00:00:00Z'), 2)).toBe(at('2027-01-15T00:00:00Z'));
    expect(nextPeriodEnd(at('2026-01-31T10:00:00Z'), at('2026-02-28T10:00:00Z'))).toBe(at('2026-03-31T10:00:00Z'));
  });
});

describe('webhook signatures', () => {
  it('are accepted by the SDK', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, 'whsec_abc', timestamp);
    const webhooks = new Stripe('sk_test_x').webhooks;
    expect(webhooks.constructEvent(payload, header, 'whsec_abc').id).toBe('evt_1');
    expect(header).toMatch(new RegExp(`^t=${timestamp},v1=[0-9a-f]{64}$`));
    expect(() => webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('are retried after 1 s, 2 s, 4 s … up to a minute', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
  });
});

describe('previous attributes', () => {
  it('keep the old value of changed fields, nested hashes partially and lists whole', () => {
    const before = { status: 'active', cancellation_details: { reason: null, comment: null }, items: { object: 'list', data: [{ id: 'si_1', price: 'a' }] } };
    const after = { status: 'active', cancellation_details: { reason: 'cancellation_requested', comment: null }, items: { object: 'list', data: [{ id: 'si_1', price: 'b' }] } };
    expect(previousAttributes(before, after)).toEqual({ cancellation_details: { reason: null }, items: before.items });
    expect(previousAttributes(before, structuredClone(before))).toBeUndefined();
  });
});

describe('html', () => {
  it('escapes every interpolated value', () => {
    expect(html`<p title="${'"x"'}">${'<b>&'}</p>${[html`<i>${"'"}</i>`]}`.value).toBe('<p title="&quot;x&quot;">&lt;b&gt;&amp;</p><i>&#39;</i>');
  });
});

describe('card form', () => {
  const now = at('2026-06-15T00:00:00Z');
  const form = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada' };
  it('accepts the test cards and refuses anything else with Stripe’s wording', () => {
    expect(checkCard(form, now)).toMatchObject({ ok: true, card: { number: '4242424242424242', expMonth: 12, expYear: 2034 } });
    expect(checkCard({ ...form, number: '5555 5555 5555 4444' }, now)).toMatchObject({ ok: false, message: 'Your card number is invalid.' });
    expect(checkCard({ ...form, expiry: '05/26' }, now)).toMatchObject({ ok: false, field: 'expiry' });
    expect(checkCard({ ...form, cvc: '1' }, now)).toMatchObject({ ok: false, field: 'cvc' });
  });
});
