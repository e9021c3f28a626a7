import type Stripe from 'stripe';
import { testEndpoints } from '../support/endpoints';
import { confirmedUser, eventPayload, postWebhook, sandboxStripe, signedWebhook, type TestUser } from '../support/billing';

const endpoints = testEndpoints();
const stripe = sandboxStripe(endpoints);

/** A user whose checkout made their customer, and a subscription made straight in the sandbox (as a payment would). */
async function userWithSandboxSubscription(tier: 'basic' | 'boost' | 'elite'): Promise<TestUser & { subscription: Stripe.Subscription }> {
  const user = await confirmedUser(endpoints, 'hook');
  await user.client.startCheckout(user.token, tier);
  const customers = await stripe.customers.list({ email: user.email, limit: 1 });
  const customer = customers.data[0];
  if (!customer) throw new Error('checkout made no customer');
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: user.client.config.prices[tier] }],
  });
  return { ...user, subscription };
}

describe('Stripe webhook', () => {
  it('changes state once when the same event arrives five times', async () => {
    const user = await userWithSandboxSubscription('boost');
    const subscription = await stripe.subscriptions.retrieve(user.subscription.id);
    const payload = eventPayload('customer.subscription.updated', subscription);
    const signature = signedWebhook(stripe, payload);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(endpoints, payload, signature)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map((a) => a.body.outcome);
    expect(outcomes.filter((o) => o === 'processed' || o === 'stale')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);

    const settled = await user.client.waitForTier(user.token, 'boost');
    const again = await postWebhook(endpoints, payload, signedWebhook(stripe, payload));
    expect(again.body.outcome).toBe('duplicate');
    // The sandbox's own deliveries may still re-save the same facts: compare the facts, not the write time.
    const facts = ({ subscription }: Awaited<ReturnType<typeof user.client.getSubscription>>) => ({ ...subscription, updated_at: null });
    expect(facts(await user.client.getSubscription(user.token))).toEqual(facts(settled));
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const user = await userWithSandboxSubscription('basic');
    const before = await user.client.waitForTier(user.token, 'basic');
    // Stripe now says the plan is Elite, but the events telling so are forged.
    const itemId = user.subscription.items.data[0]?.id ?? '';
    const updated = await stripe.subscriptions.update(user.subscription.id, {
      items: [{ id: itemId, price: user.client.config.prices.elite }],
    });
    const payload = eventPayload('customer.subscription.updated', updated);
    const forged = signedWebhook(stripe, payload, 'whsec_someone_else');
    const tampered = signedWebhook(stripe, payload.replace('"livemode":false', '"livemode":true'));
    for (const signature of [forged, tampered, undefined, 't=1,v1=deadbeef']) {
      const answer = await postWebhook(endpoints, payload, signature);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/Stripe[- ]signature/i);
    }
    // The sandbox's own signed deliveries of the switch would change the tier: compare right away.
    const after = await user.client.getSubscription(user.token);
    if (after.subscription?.tier === 'basic') expect(after).toEqual(before);
    // The refused event id was not used up: signed properly, it is processed.
    const good = await postWebhook(endpoints, payload, signedWebhook(stripe, payload));
    expect(good.status).toBe(200);
    await user.client.waitForTier(user.token, 'elite');
  });

  it('ends in the right state when the subscription update comes before the checkout completion', async () => {
    const user = await userWithSandboxSubscription('boost');
    const subscription = user.subscription;
    // A stale copy of the subscription, as an early event could carry it.
    const stale = { ...subscription, status: 'incomplete', items: { ...subscription.items, data: [] } };
    const early = eventPayload('customer.subscription.updated', stale);
    expect((await postWebhook(endpoints, early, signedWebhook(stripe, early))).status).toBe(200);
    const completed = eventPayload('checkout.session.completed', {
      id: 'cs_test_late',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      customer: subscription.customer,
      subscription: subscription.id,
    });
    expect((await postWebhook(endpoints, completed, signedWebhook(stripe, completed))).status).toBe(200);
    const answer = await user.client.waitForTier(user.token, 'boost');
    expect(answer.subscription).toMatchObject({ status: 'active', active: true, stripe_subscription_id: subscription.id });
  });

  it('acknowledges an event for an unknown customer and ignores it', async () => {
    const payload = eventPayload('customer.subscription.updated', {
      id: 'sub_unknown',
      object: 'subscription',
      customer: 'cus_nobody_here',
      status: 'active',
    });
    const answer = await postWebhook(endpoints, payload, signedWebhook(stripe, payload));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('acknowledges event types it does not handle', async () => {
    const payload = eventPayload('product.created', { id: 'prod_1', object: 'product' });
    const answer = await postWebhook(endpoints, payload, signedWebhook(stripe, payload));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });
});
