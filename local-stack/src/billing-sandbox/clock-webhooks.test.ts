import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_PRICE_IDS, STATE_FILE } from './index';
import { advanceClock, DAY, harnessPerTest, subscribedCustomer, waitFor } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

describe('sandbox clock', () => {
  it('ends a canceling subscription at its period end', async () => {
    const { subscription } = await subscribedCustomer(h);
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    const { now } = await advanceClock(h, 32 * DAY);
    expect(now).toBeGreaterThan(periodEnd);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    await waitFor(() => h.receiver.events.some((e) => e.type === 'customer.subscription.deleted'));
    expect(h.receiver.events.map((e) => e.type).slice(3)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect((await h.stripe.subscriptions.list({ customer: String(ended.customer) })).data).toHaveLength(0);
  });

  it('renews a month at a time, and fails renewals of 4000 0000 0000 0341', async () => {
    const { subscription } = await subscribedCustomer(h);
    const failing = await subscribedCustomer(h, '4000 0000 0000 0341', 'basic');
    const start = subscription.items.data[0]?.current_period_end ?? 0;
    await advanceClock(h, 32 * DAY);
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(start);
    expect(await h.stripe.subscriptions.retrieve(failing.subscription.id)).toMatchObject({ status: 'past_due' });
    await waitFor(() => h.receiver.events.length === 10);
    const late = h.receiver.events.slice(6).map((e) => e.type);
    expect(late).toEqual(['invoice.paid', 'customer.subscription.updated', 'invoice.payment_failed', 'customer.subscription.updated']);
  });

  it('creates subscriptions through the API with test payment methods', async () => {
    const customer = await h.stripe.customers.create({ email: 'api@example.com' });
    const created = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: LOCAL_PRICE_IDS.basic }], metadata: { userId: 'u2' } });
    expect(created).toMatchObject({ status: 'active', metadata: { userId: 'u2' } });
    await expect(
      h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: LOCAL_PRICE_IDS.basic }], default_payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    const now = await h.stripe.subscriptions.cancel(created.id);
    expect(now.status).toBe('canceled');
  });
});

describe('webhook delivery', () => {
  it('retries until the endpoint answers 2xx', async () => {
    h.receiver.failNext = 1;
    const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
    await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: LOCAL_PRICE_IDS.elite }] });
    await waitFor(() => h.receiver.events.length === 2);
    // The failed first event did not hold back the second.
    expect(h.receiver.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.created']);
    const log = (await (await fetch(`${h.url}/_sandbox/deliveries`)).json()) as { deliveries: { type: string; attempts: number; lastStatus: number; delivered: boolean }[] };
    expect(log.deliveries).toEqual([
      expect.objectContaining({ type: 'customer.subscription.created', attempts: 2, lastStatus: 200, delivered: true }),
      expect.objectContaining({ type: 'invoice.paid', attempts: 1, lastStatus: 200, delivered: true }),
    ]);
  });

  it('keeps its state and pending deliveries across a restart', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    await waitFor(() => h.receiver.events.length === 3);
    await advanceClock(h, 3 * DAY);
    h.receiver.failNext = 1000;
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await waitFor(() => h.receiver.requests >= 4);
    await h.restart();
    h.receiver.failNext = 0;
    expect(JSON.parse(readFileSync(join(h.stateDir, STATE_FILE), 'utf8'))).toHaveProperty('clockOffset', 3 * DAY);
    expect((await h.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    const clock = (await (await fetch(`${h.url}/_sandbox/clock`)).json()) as { now: number };
    expect(clock.now - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3 * DAY - 1);
    await waitFor(() => h.receiver.events.length === 4, 5000);
    expect(h.receiver.events[3]?.type).toBe('customer.subscription.updated');
  });
});
