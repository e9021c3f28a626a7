import { LOCAL_PRICE_IDS } from './index';
import { type Harness, postForm, startHarness, subscribedCustomer, waitFor } from './test-support';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const portalFor = async (customer: string) => {
  const session = await h.stripe.billingPortal.sessions.create({ customer, return_url: 'http://127.0.0.1:1/account' });
  expect(session.url).toBe(`${h.url}/billing_portal/${session.id}`);
  return session.url;
};

describe('billing portal', () => {
  it('shows the subscription, the card and the other plans', async () => {
    const { customer } = await subscribedCustomer(h);
    const html = await (await fetch(await portalFor(customer.id))).text();
    expect(html).toContain('Boost');
    expect(html).toContain('Active');
    expect(html).toMatch(/Renews on \w+ \d{1,2}, \d{4}/);
    expect(html).toContain('Visa •••• 4242');
    expect(html).toContain('Switch to Basic');
    expect(html).toContain('Switch to Elite');
    expect(html).not.toContain('Switch to Boost');
    expect(html).toContain('Cancel subscription');
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:1\/account">.*Return to FrameForge/);
  });

  it('switches plan keeping the period, then cancels and resumes', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const url = await portalFor(customer.id);
    const switched = await postForm(url, { action: 'switch', price: LOCAL_PRICE_IDS.elite });
    expect(switched.status).toBe(200);
    expect(await switched.text()).toContain('role="status"');
    const afterSwitch = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(afterSwitch.items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.elite);
    expect(afterSwitch.items.data[0]?.current_period_end).toBe(subscription.items.data[0]?.current_period_end);

    const canceled = await (await postForm(url, { action: 'cancel' })).text();
    expect(canceled).toMatch(/Cancels on/);
    expect(canceled).toContain('Renew subscription');
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ cancel_at_period_end: true, status: 'active' });

    await postForm(url, { action: 'renew' });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);

    await waitFor(() => h.receiver.events.length === 6);
    const updates = h.receiver.events.slice(3);
    expect(updates.map((e) => e.type)).toEqual(Array(3).fill('customer.subscription.updated'));
    expect(updates[0]?.data.previous_attributes).toHaveProperty('items');
    expect(updates[1]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(updates[2]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });
  });

  it('leads with the confirmation of a requested switch', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const itemId = subscription.items.data[0]?.id ?? '';
    const session = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:1/account',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: subscription.id, items: [{ id: itemId, price: LOCAL_PRICE_IDS.elite, quantity: 1 }] },
        after_completion: { type: 'redirect', redirect: { return_url: 'http://127.0.0.1:1/account?switched=1' } },
      },
    });
    expect(session.flow).toMatchObject({ type: 'subscription_update_confirm', subscription_update_confirm: { subscription: subscription.id } });
    const html = await (await fetch(session.url)).text();
    expect(html.indexOf('Confirm switch to Elite')).toBeLessThan(html.indexOf('Current subscription'));
    const confirmed = await postForm(session.url, { action: 'switch', price: LOCAL_PRICE_IDS.elite, confirm: 'true' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('http://127.0.0.1:1/account?switched=1');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.elite);
  });

  it('refuses a flow for a subscription of another customer', async () => {
    const { subscription } = await subscribedCustomer(h);
    const stranger = await h.stripe.customers.create({ email: 'eve@example.com' });
    await expect(
      h.stripe.billingPortal.sessions.create({
        customer: stranger.id,
        flow_data: { type: 'subscription_update_confirm', subscription_update_confirm: { subscription: subscription.id, items: [{ id: 'si_x', price: LOCAL_PRICE_IDS.elite }] } },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
