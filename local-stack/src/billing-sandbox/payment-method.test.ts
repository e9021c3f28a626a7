import { advanceClock, DAY, harnessPerTest, postForm, subscribedCustomer, waitFor } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

const card = (number: string) => ({ cardNumber: number, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Ada Lovelace' });

const cardOf = async (subscriptionId: string) => {
  const subscription = await h.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
  const method = subscription.default_payment_method;
  return { status: subscription.status, last4: typeof method === 'object' ? method?.card?.last4 : undefined };
};

describe('updating the card in the billing portal', () => {
  it('offers a card form and makes the new card the default of the customer and the subscription', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const portal = await h.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://127.0.0.1:1/account' });
    const form = await (await fetch(`${portal.url}/payment-method`)).text();
    expect(form).toContain('Update your card');
    expect(form).toContain('Current card: Visa •••• 4242');

    const invalid = await postForm(`${portal.url}/payment-method`, { ...card('4242'), cardCvc: '' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Your card number is invalid.');
    const declined = await postForm(`${portal.url}/payment-method`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect((await cardOf(subscription.id)).last4).toBe('4242');

    const saved = await postForm(`${portal.url}/payment-method`, card('4000 0000 0000 0341'));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Your card was updated: Visa •••• 0341');
    expect(await cardOf(subscription.id)).toEqual({ status: 'active', last4: '0341' });
    const updated = await h.stripe.customers.retrieve(customer.id);
    expect('invoice_settings' in updated && updated.invoice_settings.default_payment_method).toMatch(/^pm_/);
    await waitFor(() => h.receiver.events.length === 6);
    expect(h.receiver.events.slice(3).map((e) => e.type)).toEqual(['payment_method.attached', 'customer.updated', 'customer.subscription.updated']);
  });

  it('pays the open invoice of a past-due subscription with the new card', async () => {
    const { customer, subscription } = await subscribedCustomer(h, '4000 0000 0000 0341', 'basic');
    await advanceClock(h, 32 * DAY);
    expect((await cardOf(subscription.id)).status).toBe('past_due');
    const portal = await h.stripe.billingPortal.sessions.create({ customer: customer.id });
    await postForm(`${portal.url}/payment-method`, card('4242 4242 4242 4242'));
    expect(await cardOf(subscription.id)).toEqual({ status: 'active', last4: '4242' });
    const [renewal] = (await h.stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 1000, amount_remaining: 0, attempt_count: 2 });
  });

  it('opens on the card form for a payment_method_update flow and returns to the product when done', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const portal = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:1/account',
      flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: 'http://127.0.0.1:1/account?card=updated' } } },
    });
    const form = await (await fetch(portal.url)).text();
    expect(form).toContain('Update your card');
    expect(form).toContain('<a class="button" href="http://127.0.0.1:1/account">Cancel</a>');
    const saved = await postForm(`${portal.url}/payment-method`, card('4242 4242 4242 4242'));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('http://127.0.0.1:1/account?card=updated');
    expect((await cardOf(subscription.id)).last4).toBe('4242');
  });
});
