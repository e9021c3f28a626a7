import Stripe from 'stripe';
import { createServer } from 'node:net';
import { InvalidSignatureError } from '../../domain/billing-errors';
import { UpstreamError } from '../../../../kernel/domain/errors';
import { StripeBillingProvider, toSnapshot } from './stripe-billing-provider';

// Abridged from Stripe's API reference (API version 2026-10-28): periods sit on the items.
const subscription = {
  id: 'sub_1SgX2',
  object: 'subscription',
  customer: 'cus_T9x',
  status: 'active',
  cancel_at_period_end: true,
  created: 1763900000,
  default_payment_method: {
    id: 'pm_1Sg',
    object: 'payment_method',
    type: 'card',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_Tq1',
        object: 'subscription_item',
        current_period_start: 1763900000,
        current_period_end: 1766578400,
        price: { id: 'price_boost', object: 'price', unit_amount: 2000, currency: 'eur', recurring: { interval: 'month' } },
        quantity: 1,
      },
    ],
    has_more: false,
  },
} as unknown as Stripe.Subscription;

const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_x');
const provider = new StripeBillingProvider(stripe, () => Promise.resolve(secret));

const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('the Stripe adapter', () => {
  it('reads a subscription object into a snapshot', () => {
    expect(toSnapshot(subscription)).toEqual({
      subscriptionId: 'sub_1SgX2',
      customerId: 'cus_T9x',
      status: 'active',
      itemId: 'si_Tq1',
      priceId: 'price_boost',
      currentPeriodStart: 1763900000,
      currentPeriodEnd: 1766578400,
      cancelAtPeriodEnd: true,
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
  });

  it('keeps no card when the payment method was not expanded', () => {
    const bare = { ...subscription, default_payment_method: 'pm_1Sg' } as Stripe.Subscription;
    expect(toSnapshot(bare)).toMatchObject({ paymentMethodBrand: null, paymentMethodLast4: null });
  });

  it.each([
    ['customer.subscription.updated', { object: 'subscription', id: 'sub_1', customer: 'cus_1' }, 'sub_1'],
    ['checkout.session.completed', { object: 'checkout.session', id: 'cs_1', customer: 'cus_1', subscription: 'sub_2' }, 'sub_2'],
    [
      'invoice.paid',
      { object: 'invoice', id: 'in_1', customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_3' } } },
      'sub_3',
    ],
  ])('takes only the ids from a signed %s event', async (type, object, subscriptionId) => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object }, created: 1763900000 });
    await expect(provider.verifyEvent(Buffer.from(payload), signed(payload))).resolves.toEqual({
      id: 'evt_1',
      type,
      customerId: 'cus_1',
      subscriptionId,
    });
  });

  it('refuses a tampered body, a foreign secret and a missing signature', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const header = signed(payload);
    await expect(provider.verifyEvent(Buffer.from(payload.replace('evt_1', 'evt_2')), header)).rejects.toBeInstanceOf(
      InvalidSignatureError,
    );
    const foreign = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(provider.verifyEvent(Buffer.from(payload), foreign)).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(provider.verifyEvent(Buffer.from(payload), undefined)).rejects.toThrow('Missing Stripe-Signature');
  });
});

describe('Stripe out of reach', () => {
  it('is a retryable upstream failure, not an internal error', async () => {
    // A port that was just free: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const offline = new Stripe('sk_test_x', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    const unreachable = new StripeBillingProvider(offline, () => Promise.resolve(secret));
    await expect(unreachable.createCustomer({ userId: 'u1', email: null })).rejects.toBeInstanceOf(UpstreamError);
  });
});
