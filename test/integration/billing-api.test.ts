import { grantAdmin, userIdOf } from '@frameforge/local-stack/admin-role';
import { testEndpoints } from '../support/endpoints';
import { confirmedUser, sandboxStripe, type TestUser } from '../support/billing';
import { eventually } from '../support/eventually';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const stripe = sandboxStripe(endpoints);

async function post(user: TestUser, path: string, body: unknown) {
  const response = await fetch(`${endpoints.portalApi}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const account = async (key: string) => {
  const response = await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': key } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('billing through the portal API', () => {
  let newcomer: TestUser;
  let checkout: Record<string, string>;

  beforeAll(async () => {
    newcomer = await confirmedUser(endpoints, 'bill');
    checkout = {
      price_id: newcomer.client.config.prices.boost,
      success_url: `${endpoints.portal}/success?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${endpoints.portal}/subscription?canceled=true`,
      mode: 'subscription',
    };
  });

  it('shows a new user no subscription and refuses them a key', async () => {
    expect(await newcomer.client.getSubscription(newcomer.token)).toEqual({ subscription: null, is_admin: false });
    const refused = await post(newcomer, '/generate-api-key', { name: 'too early' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/active subscription is required/);
  });

  it.each([
    ['a foreign success_url', { success_url: 'https://evil.example.com/success' }, /success_url/],
    ['a foreign cancel_url', { cancel_url: 'https://evil.example.com/' }, /cancel_url/],
    ['a price that is not a plan', { price_id: 'price_free_lunch' }, /price_id/],
    ['another mode', { mode: 'payment' }, /mode/],
  ])('refuses a checkout with %s', async (_name, change, message) => {
    const answer = await post(newcomer, '/stripe-checkout', { ...checkout, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('opens a checkout on the sandbox for a plan of the catalogue', async () => {
    const answer = await post(newcomer, '/stripe-checkout', checkout);
    expect(answer.status).toBe(200);
    expect(String(answer.body.url)).toMatch(new RegExp(`^${endpoints.billing}/`));
  });

  it("refuses someone else's customer_id and explains a missing customer", async () => {
    const stranger = await confirmedUser(endpoints, 'stranger');
    const missing = await post(stranger, '/create-portal-session', { customer_id: 'cus_whatever' });
    expect(missing).toEqual({ status: 404, body: { error: 'Customer ID not found. Please contact support.' } });
    await stranger.client.startCheckout(stranger.token, 'basic');
    const [mine] = (await stripe.customers.list({ email: newcomer.email, limit: 1 })).data;
    const foreign = await post(stranger, '/create-portal-session', { customer_id: mine?.id });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatch(/customer_id/);
    expect((await post(stranger, '/create-portal-session', {})).status).toBe(400);
  });

  it('tells the product API the tier of a key, and refuses it once the subscription is gone', async () => {
    const user = await confirmedUser(endpoints, 'tier');
    await user.client.subscribe(user.token, 'boost');
    const { key } = await user.client.createApiKey(user.token, 'boost key');
    const seen = await account(key);
    expect(seen).toMatchObject({ status: 200, body: { tier: 'boost', plan: 'Boost', subscription_status: 'active' } });

    // A second key, never used, so no authorizer answer is cached for it yet.
    const { key: fresh } = await user.client.createApiKey(user.token, 'fresh');
    const sub = (await user.client.getSubscription(user.token)).subscription;
    await stripe.subscriptions.cancel(sub?.stripe_subscription_id ?? '');
    await eventually(
      async () => {
        if ((await user.client.getSubscription(user.token)).subscription?.active) throw new Error('subscription still active');
        return true;
      },
      { timeoutMs: 15_000, intervalMs: 200, what: 'the cancellation to reach the subscription' },
    );
    const refused = await account(fresh);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'forbidden', param: 'X-API-Key' } });
    expect((await post(user, '/generate-api-key', { name: 'after' })).status).toBe(403);
  });

  it('gives a local admin Admin Access without paying, with Elite limits', async () => {
    const admin = await confirmedUser(endpoints, 'admin');
    await grantAdmin(testServices(), userIdOf(admin.token));
    const { subscription, is_admin } = await admin.client.getSubscription(admin.token);
    expect(is_admin).toBe(true);
    expect(subscription).toMatchObject({ admin_access: true, active: true, tier: 'elite', status: 'active' });
    const { key } = await admin.client.createApiKey(admin.token, 'admin key');
    expect(await account(key)).toMatchObject({ status: 200, body: { tier: 'elite', subscription_status: 'admin' } });
  });
});
