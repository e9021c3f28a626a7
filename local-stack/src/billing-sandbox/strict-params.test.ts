import type Stripe from 'stripe';
import { LOCAL_PRICE_IDS } from './index';
import { checkParams, fields, listOf, oneOf } from './param-spec';
import { type Harness, startHarness, subscribedCustomer } from './test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A call with a typo the SDK's types would catch, as a JavaScript caller or a cast could still send it. */
const loose = <T>(params: Record<string, unknown>) => params as unknown as T;

describe('parameters the sandbox does not know', () => {
  it("answers Stripe's 400 with code parameter_unknown and the parameter", async () => {
    const refused = await h.stripe.customers.create(loose<Stripe.CustomerCreateParams>({ email: 'typo@example.com', descripton: 'a typo' })).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'descripton',
      message: 'Received unknown parameter: descripton',
    });
    // Refused before anything was made.
    expect((await h.stripe.customers.list({ email: 'typo@example.com' })).data).toEqual([]);
  });

  it('names a nested unknown parameter by its bracket path', async () => {
    const refused = await h.stripe.checkout.sessions
      .create(
        loose<Stripe.Checkout.SessionCreateParams>({
          mode: 'subscription',
          line_items: [{ price: LOCAL_PRICE_IDS.basic, quantitiy: 1 }],
          success_url: 'http://127.0.0.1:1/done',
        }),
      )
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'line_items[0][quantitiy]' });
  });

  it('refuses unknown query parameters of a list and of a retrieve', async () => {
    await expect(h.stripe.subscriptions.list(loose<Stripe.SubscriptionListParams>({ custmer: 'cus_x' }))).rejects.toMatchObject({ code: 'parameter_unknown', param: 'custmer' });
    const raw = await fetch(`${h.url}/v1/prices/${LOCAL_PRICE_IDS.boost}?currency=eur`, { headers: { Authorization: 'Bearer sk_test_unit' } });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'currency', message: 'Received unknown parameter: currency' },
    });
  });

  it('still accepts expand and pagination everywhere they apply', async () => {
    const { subscription } = await subscribedCustomer(h);
    const list = await h.stripe.subscriptions.list({ limit: 1, expand: ['data.default_payment_method'] });
    expect(list.data[0]?.id).toBe(subscription.id);
    expect(typeof list.data[0]?.default_payment_method).toBe('object');
  });
});

describe('enum values outside their list', () => {
  it("answers Stripe's 400 with the choices and the parameter", async () => {
    const refused = await h.stripe.subscriptions.list(loose<Stripe.SubscriptionListParams>({ status: 'live' })).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'status',
      message: 'Invalid status: must be one of active, all, canceled, ended, incomplete, incomplete_expired, past_due, paused, trialing, or unpaid',
    });
  });

  it('checks enums inside nested hashes', async () => {
    const { customer } = await subscribedCustomer(h);
    await expect(
      h.stripe.billingPortal.sessions.create(loose<Stripe.BillingPortal.SessionCreateParams>({ customer: customer.id, flow_data: { type: 'plan_switch' } })),
    ).rejects.toMatchObject({ statusCode: 400, param: 'flow_data[type]', message: expect.stringMatching(/^Invalid flow_data\[type\]: must be one of payment_method_update, /) });
    await expect(
      h.stripe.checkout.sessions.create(loose<Stripe.Checkout.SessionCreateParams>({ mode: 'subscriptions', line_items: [{ price: LOCAL_PRICE_IDS.basic }] })),
    ).rejects.toMatchObject({ param: 'mode', message: 'Invalid mode: must be one of payment, setup, or subscription' });
  });
});

describe('checkParams', () => {
  const shape = { kind: oneOf('a', 'b'), nested: fields({ list: listOf({ id: 'string' }) }), metadata: 'hash' } as const;

  it('accepts declared parameters, free metadata keys and sparse list indices', () => {
    expect(() => checkParams({ kind: 'a', nested: { list: { 3: { id: 'x' } } }, metadata: { anything: '1' }, expand: ['x'] }, shape)).not.toThrow();
    expect(() => checkParams({ nested: '' }, shape)).not.toThrow();
  });

  it('names the first offending parameter', () => {
    expect(() => checkParams({ nested: { list: [{ id: 'x' }, { di: 'y' }] } }, shape)).toThrow('Received unknown parameter: nested[list][1][di]');
    expect(() => checkParams({ kind: 'c' }, shape)).toThrow('Invalid kind: must be one of a or b');
    expect(() => checkParams({ kind: ['a'] }, shape)).toThrow('Invalid kind: must be one of a or b');
    expect(() => checkParams({ toString: 'x' }, shape)).toThrow('Received unknown parameter: toString');
  });
});
