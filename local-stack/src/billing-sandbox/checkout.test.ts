import type Stripe from 'stripe';
import { LOCAL_PRICE_IDS } from './index';
import { harnessPerTest, payCheckout, subscribedCustomer, waitFor } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

const newSession = async (customer: string) =>
  h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: LOCAL_PRICE_IDS.boost, quantity: 1 }],
    success_url: 'http://127.0.0.1:1/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:1/plans',
  });

describe('customers and prices', () => {
  it('creates, retrieves and finds customers by e-mail', async () => {
    const created = await h.stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' } });
    expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' }, livemode: false });
    expect(created.id).toMatch(/^cus_/);
    const read = await h.stripe.customers.retrieve(created.id);
    expect(read).toEqual(created);
    const found = await h.stripe.customers.list({ email: 'ada@example.com' });
    expect(found.data.map((c) => c.id)).toEqual([created.id]);
    await expect(h.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
  });

  it('serves the plan prices', async () => {
    const price = await h.stripe.prices.retrieve(LOCAL_PRICE_IDS.boost, { expand: ['product'] });
    expect(price).toMatchObject({ unit_amount: 2000, currency: 'eur', recurring: { interval: 'month' }, product: { name: 'Boost' } });
    const all = await h.stripe.prices.list();
    expect(all.data.map((p) => p.id).sort()).toEqual(Object.values(LOCAL_PRICE_IDS).sort());
  });

  it('refuses a request without an API key and reports missing parameters', async () => {
    const response = await fetch(`${h.url}/v1/customers`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    await expect(h.stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://127.0.0.1:1/' })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items',
    });
  });

  it('answers the same response for the same idempotency key', async () => {
    const first = await h.stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'key-1' });
    const again = await h.stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    await expect(h.stripe.customers.create({ email: 'two@example.com' }, { idempotencyKey: 'key-1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });
});

describe('hosted checkout', () => {
  it('shows the plan, the price and the customer', async () => {
    const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
    const session = await newSession(customer.id);
    expect(session.url).toBe(`${h.url}/checkout/${session.id}`);
    const html = await (await fetch(session.url ?? '')).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Subscribe to Boost');
    expect(html).toContain('€20.00 per month');
    expect(html).toContain('ada@example.com');
    for (const label of ['Card number', 'Expiry', 'CVC', 'Cardholder name']) expect(html).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    expect(html).toContain('href="http://127.0.0.1:1/plans"');
  });

  it('subscribes with 4242 and delivers signed events in order', async () => {
    const { customer, session, subscription } = await subscribedCustomer(h);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: subscription.id, customer: customer.id });
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, metadata: { userId: 'user-1' }, cancel_at_period_end: false });
    const item = subscription.items.data[0];
    expect(item?.price.id).toBe(LOCAL_PRICE_IDS.boost);
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBeGreaterThanOrEqual(28 * 86400);
    const withCard = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect((withCard.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });

    await waitFor(() => h.receiver.events.length === 3);
    expect(h.receiver.events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    const completed = h.receiver.events[2] as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object.id).toBe(session.id);
    expect(completed).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false });
    expect((await h.stripe.events.retrieve(completed.id)).pending_webhooks).toBe(0);
  });

  it('redirects a second submit to the success page without a second subscription', async () => {
    const { session } = await subscribedCustomer(h);
    const again = await payCheckout(`${h.url}/checkout/${session.id}`, { number: '4242424242424242' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://127.0.0.1:1/done?session=${session.id}`);
    expect((await h.stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with no subscription and no event', async () => {
    const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
    const session = await newSession(customer.id);
    const response = await payCheckout(session.url ?? '', { number: '4000 0000 0000 0002' });
    expect(response.status).toBe(402);
    expect(await response.text()).toMatch(/role="alert">Your card was declined\.</);
    const invalid = await payCheckout(session.url ?? '', { number: '1234 5678 9012 3456' });
    expect(await invalid.text()).toContain('Your card number is invalid.');
    expect((await h.stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await h.stripe.events.list()).data).toHaveLength(0);
  });

  it('escapes what it prints', async () => {
    const customer = await h.stripe.customers.create({ email: '<b>x</b>@example.com' });
    const session = await newSession(customer.id);
    const html = await (await payCheckout(session.url ?? '', { number: '4000000000000002', name: '"><script>alert(1)</script>' })).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
  });

  it('will not take payment on an expired session', async () => {
    const customer = await h.stripe.customers.create({ email: 'late@example.com' });
    const session = await newSession(customer.id);
    await fetch(`${h.url}/_sandbox/clock/advance`, { method: 'POST', body: 'seconds=90000', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect((await payCheckout(`${h.url}/checkout/${session.id}`, { number: '4242424242424242' })).status).toBe(410);
    expect(await h.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
    expect((await h.stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0);
  });

  it('creates the customer when the session names only an e-mail', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@example.com',
      line_items: [{ price: LOCAL_PRICE_IDS.basic, quantity: 1 }],
      success_url: 'http://127.0.0.1:1/done',
    });
    expect(await (await fetch(session.url ?? '')).text()).toContain('new@example.com');
    expect((await payCheckout(session.url ?? '', { number: '4242424242424242' })).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect(done.customer).toMatchObject({ object: 'customer', email: 'new@example.com' });
  });
});
