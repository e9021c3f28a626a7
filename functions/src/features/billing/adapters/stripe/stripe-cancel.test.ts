import { subscribedCustomer, waitFor } from '@frameforge/local-stack/billing-sandbox/test-support';
import { sandboxProviderPerTest } from './sandbox-test-support';

const { h, provider } = sandboxProviderPerTest(beforeEach, afterEach);

describe('cancelling a customer’s subscriptions (account deletion), against the billing sandbox', () => {
  it('ends every live subscription at once, tells the webhook, and is done when asked again', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const other = await subscribedCustomer(h);

    await provider().cancelSubscriptionsOf(customer.id);
    await provider().cancelSubscriptionsOf(customer.id);

    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('canceled');
    expect(after.ended_at).not.toBeNull();
    await waitFor(() => h.receiver.events.some((e) => e.type === 'customer.subscription.deleted'));
    const deleted = h.receiver.events.filter((e) => e.type === 'customer.subscription.deleted');
    expect(deleted.map((e) => (e.data.object as { id: string }).id)).toEqual([subscription.id]);
    // Another customer's subscription is untouched.
    expect((await h.stripe.subscriptions.retrieve(other.subscription.id)).status).toBe('active');
  });

  it('is nothing to do for a customer without subscriptions', async () => {
    const customer = await h.stripe.customers.create({ email: 'none@example.com' });
    await expect(provider().cancelSubscriptionsOf(customer.id)).resolves.toBeUndefined();
  });
});
