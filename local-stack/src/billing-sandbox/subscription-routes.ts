import type Stripe from 'stripe';
import { type ApiRequest, type ApiRoute, idOf } from './api-types';
import { isDeclined, testCard, TEST_PAYMENT_METHODS, CARD_VISA } from './cards';
import { requireCustomer, requirePrice, requireSubscription, type SandboxContext } from './context';
import { cardDeclined, invalidParam, invalidRequest, missingParam, noSuch } from './errors';
import { newestFirst, paginate } from './expand';
import { LIST_PARAMS, listOf, oneOf } from './param-spec';
import { buildCardPaymentMethod, firstItem } from './objects';
import type { ParamReader } from './form-encoding';
import { applyPlanChange, checkProrationDate, type PlanChange, PRORATION_BEHAVIORS } from './plan-change';
import { processDueWork } from './renewals';
import { changeSubscription, endSubscription, type SubscriptionChange, startSubscription } from './subscriptions';

/** The card a subscription created through the API is charged with. */
function paymentMethodFor(ctx: SandboxContext, customer: Stripe.Customer, requested: string | undefined): Stripe.PaymentMethod {
  const now = ctx.clock.now();
  const fallback = customer.invoice_settings.default_payment_method;
  const id = requested ?? (typeof fallback === 'string' ? fallback : undefined);
  if (id === undefined || id in TEST_PAYMENT_METHODS) {
    const number = id === undefined ? CARD_VISA : (TEST_PAYMENT_METHODS[id] ?? CARD_VISA);
    if (isDeclined(number)) throw cardDeclined();
    const paymentMethod = buildCardPaymentMethod(customer, testCard(number, now), now);
    ctx.state.paymentMethods[paymentMethod.id] = paymentMethod;
    return paymentMethod;
  }
  const paymentMethod = ctx.state.paymentMethods[id];
  if (!paymentMethod || paymentMethod.customer !== customer.id) throw noSuch('PaymentMethod', id, 'default_payment_method');
  return paymentMethod;
}

function quantityOf(value: number | undefined, param: string): number | undefined {
  if (value !== undefined && value < 1) throw invalidParam(param, 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
  return value;
}

function createSubscription(ctx: SandboxContext, { params, origin }: ApiRequest): Stripe.Subscription {
  const customer = requireCustomer(ctx, params.requiredString('customer'), 'customer');
  const items = params.list('items');
  const item = items[0];
  if (!item) throw missingParam('items');
  if (items.length > 1) throw invalidParam('items', 'FrameForge sells one plan per subscription: pass a single item.');
  const price = requirePrice(ctx, item.requiredString('price'), 'items[0][price]');
  const subscription = startSubscription(ctx, {
    customer,
    price,
    quantity: quantityOf(item.integer('quantity'), 'items[0][quantity]') ?? 1,
    paymentMethod: paymentMethodFor(ctx, customer, params.string('default_payment_method') || undefined),
    metadata: params.metadata('metadata'),
    origin,
  });
  ctx.commit();
  return subscription;
}

/** `items[0]` with `proration_behavior` (Stripe's default: create_prorations) and `proration_date` (default: now). */
function readPlanChange(ctx: SandboxContext, subscription: Stripe.Subscription, item: ParamReader, params: ParamReader): PlanChange {
  const current = firstItem(subscription);
  const itemId = item.string('id');
  if (!itemId) throw invalidParam('items[0][id]', 'FrameForge subscriptions have one item: pass items[0][id] to change its price.', 'parameter_missing');
  if (itemId !== current.id) throw noSuch('subscription item', itemId, 'items[0][id]');
  const priceId = item.string('price');
  const date = params.integer('proration_date');
  return {
    price: priceId ? requirePrice(ctx, priceId, 'items[0][price]') : current.price,
    quantity: quantityOf(item.integer('quantity'), 'items[0][quantity]') ?? current.quantity ?? 1,
    // checkParams has refused any other value.
    behavior: PRORATION_BEHAVIORS.find((b) => b === params.string('proration_behavior')) ?? 'create_prorations',
    prorationDate: date === undefined ? ctx.clock.now() : checkProrationDate(subscription, date, 'proration_date'),
  };
}

function updateSubscription(ctx: SandboxContext, req: ApiRequest): Stripe.Subscription {
  processDueWork(ctx);
  const { params } = req;
  const subscription = requireSubscription(ctx, idOf(req), 'id');
  const change: SubscriptionChange = { metadata: params.metadata('metadata', subscription.metadata) };
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  const item = params.list('items')[0];
  const touchesBilling = cancelAtPeriodEnd !== undefined || item !== undefined;
  if (subscription.status === 'canceled' && touchesBilling) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (cancelAtPeriodEnd !== undefined) change.cancelAtPeriodEnd = cancelAtPeriodEnd;
  const planChange = item ? readPlanChange(ctx, subscription, item, params) : undefined;
  if (planChange) applyPlanChange(ctx, subscription, planChange, req.origin, change);
  else changeSubscription(ctx, subscription, change, req.origin);
  ctx.commit();
  return subscription;
}

function cancelSubscription(ctx: SandboxContext, req: ApiRequest): Stripe.Subscription {
  processDueWork(ctx);
  const subscription = requireSubscription(ctx, idOf(req), 'id');
  if (subscription.status === 'canceled') throw invalidRequest(`The subscription ${subscription.id} has already been canceled.`);
  endSubscription(ctx, subscription, req.origin);
  ctx.commit();
  return subscription;
}

function listSubscriptions(ctx: SandboxContext, { params }: ApiRequest): object {
  processDueWork(ctx);
  const customer = params.string('customer');
  const price = params.string('price');
  const status = params.string('status');
  // Without a status Stripe lists every subscription that has not been canceled.
  const ended = (s: Stripe.Subscription) => s.status === 'canceled' || s.status === 'incomplete_expired';
  const statusMatches = (s: Stripe.Subscription) =>
    status === 'all' ? true : status === 'ended' ? ended(s) : status ? s.status === status : s.status !== 'canceled';
  const subscriptions = Object.values(ctx.state.subscriptions).filter(
    (s) => (!customer || s.customer === customer) && (!price || firstItem(s).price.id === price) && statusMatches(s),
  );
  return paginate(newestFirst(subscriptions), params, '/v1/subscriptions');
}

const SUBSCRIPTION_STATUSES = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'];

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions$/,
    params: { customer: 'string', items: listOf({ price: 'string', quantity: 'integer' }), default_payment_method: 'string', metadata: 'hash' },
    handle: createSubscription,
  },
  { method: 'GET', pattern: /^\/v1\/subscriptions$/, params: { ...LIST_PARAMS, customer: 'string', price: 'string', status: oneOf(...SUBSCRIPTION_STATUSES) }, handle: listSubscriptions },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      processDueWork(ctx);
      return requireSubscription(ctx, idOf(req), 'id');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    params: {
      metadata: 'hash',
      cancel_at_period_end: 'boolean',
      items: listOf({ id: 'string', price: 'string', quantity: 'integer' }),
      proration_behavior: oneOf(...PRORATION_BEHAVIORS),
      proration_date: 'integer',
    },
    handle: updateSubscription,
  },
  { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([^/]+)$/, params: {}, handle: cancelSubscription },
];
