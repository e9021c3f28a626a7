import type Stripe from 'stripe';
import { type ApiRequest, type ApiRoute, idOf, isWebUrl } from './api-types';
import { requireCustomer, requirePrice, requireSubscription, type SandboxContext } from './context';
import { invalidParam, invalidRequest, missingParam, noSuch } from './errors';
import type { ParamReader } from './form-encoding';
import { fields, listOf, oneOf, type ParamShape } from './param-spec';
import { firstItem } from './objects';
import { processDueWork } from './renewals';
import { buildCheckoutSession, buildPortalSession, checkoutLineItems } from './session-objects';

function webUrl(params: ParamReader, name: string): string | null {
  const value = params.string(name);
  if (value === undefined || value === '') return null;
  if (!isWebUrl(value)) throw invalidParam(name, 'Not a valid URL', 'url_invalid');
  return value;
}

function createCheckoutSession(ctx: SandboxContext, { params }: ApiRequest): Stripe.Checkout.Session {
  const mode = params.requiredString('mode');
  if (mode !== 'subscription') throw invalidParam('mode', `Only subscription mode is available here, not '${mode}'.`);
  const lines = params.list('line_items');
  const line = lines[0];
  if (!line) throw missingParam('line_items');
  if (lines.length > 1) throw invalidParam('line_items', 'FrameForge sells one plan per subscription: pass a single line item.');
  const price = requirePrice(ctx, line.requiredString('price'), 'line_items[0][price]');
  const quantity = line.integer('quantity') ?? 1;
  if (quantity < 1) throw invalidParam('line_items[0][quantity]', 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
  const customerId = params.string('customer') || null;
  if (customerId) requireCustomer(ctx, customerId, 'customer');
  const customerEmail = params.string('customer_email') || null;
  if (customerId && customerEmail) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const session = buildCheckoutSession({
    created: ctx.clock.now(),
    customer: customerId,
    customerEmail,
    price,
    quantity,
    successUrl: webUrl(params, 'success_url'),
    cancelUrl: webUrl(params, 'cancel_url'),
    clientReferenceId: params.string('client_reference_id') || null,
    metadata: params.metadata('metadata'),
  });
  ctx.state.checkoutSessions[session.id] = session;
  ctx.state.checkoutLines[session.id] = {
    price: price.id,
    quantity,
    subscriptionMetadata: params.object('subscription_data')?.metadata('metadata') ?? {},
  };
  ctx.commit();
  return session;
}

function retrieveCheckoutSession(ctx: SandboxContext, req: ApiRequest): object {
  processDueWork(ctx);
  const session = ctx.state.checkoutSessions[idOf(req)];
  if (!session) throw noSuch('checkout.session', idOf(req));
  const line = ctx.state.checkoutLines[session.id];
  if (!line || !req.expand.some((p) => p === 'line_items' || p.startsWith('line_items.'))) return session;
  const entry = ctx.catalog.byPrice(line.price);
  if (!entry) return session;
  return { ...session, line_items: checkoutLineItems(session, entry.price, line.quantity, entry.plan.name) };
}

function readFlow(ctx: SandboxContext, customerId: string, params: ParamReader): Stripe.BillingPortal.Session.Flow | null {
  const flowData = params.object('flow_data');
  if (!flowData) return null;
  const type = flowData.requiredString('type');
  const after = flowData.object('after_completion');
  const afterType = after?.string('type') ?? 'portal_homepage';
  const redirectUrl = afterType === 'redirect' ? after?.object('redirect')?.requiredString('return_url') : undefined;
  if (redirectUrl !== undefined && !isWebUrl(redirectUrl)) throw invalidParam('flow_data[after_completion][redirect][return_url]', 'Not a valid URL', 'url_invalid');
  const flow: Stripe.BillingPortal.Session.Flow = {
    after_completion: {
      hosted_confirmation: afterType === 'hosted_confirmation' ? { custom_message: after?.object('hosted_confirmation')?.string('custom_message') ?? null } : null,
      redirect: redirectUrl ? { return_url: redirectUrl } : null,
      type: afterType,
    },
    customer_update: null,
    subscription_cancel: null,
    subscription_pause: null,
    subscription_update: null,
    subscription_update_confirm: null,
    type,
  };
  const owned = (reader: ParamReader | undefined, prefix: string) => {
    const id = reader?.string('subscription');
    if (!id) throw missingParam(`flow_data[${prefix}][subscription]`);
    const subscription = requireSubscription(ctx, id, `flow_data[${prefix}][subscription]`);
    if (subscription.customer !== customerId || subscription.status === 'canceled') {
      throw invalidParam(`flow_data[${prefix}][subscription]`, `The subscription ${id} is not an active subscription of the customer ${customerId}.`);
    }
    return subscription;
  };
  if (type === 'subscription_update_confirm') {
    const confirm = flowData.object('subscription_update_confirm');
    const subscription = owned(confirm, 'subscription_update_confirm');
    const item = confirm?.list('items')[0];
    if (!item) throw missingParam('flow_data[subscription_update_confirm][items]');
    const itemId = item.requiredString('id');
    if (itemId !== firstItem(subscription).id) throw noSuch('subscription item', itemId, 'flow_data[subscription_update_confirm][items][0][id]');
    const price = requirePrice(ctx, item.requiredString('price'), 'flow_data[subscription_update_confirm][items][0][price]');
    flow.subscription_update_confirm = { discounts: [], items: [{ id: itemId, price: price.id, quantity: item.integer('quantity') ?? 1 }], subscription: subscription.id };
  } else if (type === 'subscription_cancel') {
    flow.subscription_cancel = { retention: null, subscription: owned(flowData.object('subscription_cancel'), 'subscription_cancel').id };
  } else if (type === 'subscription_update') {
    flow.subscription_update = { subscription: owned(flowData.object('subscription_update'), 'subscription_update').id };
  }
  return flow;
}

function createPortalSession(ctx: SandboxContext, { params }: ApiRequest): Stripe.BillingPortal.Session {
  const customer = requireCustomer(ctx, params.requiredString('customer'), 'customer');
  const session = buildPortalSession({
    created: ctx.clock.now(),
    customer: customer.id,
    returnUrl: webUrl(params, 'return_url'),
    flow: readFlow(ctx, customer.id, params),
  });
  ctx.state.portalSessions[session.id] = session;
  ctx.commit();
  return session;
}

const CHECKOUT_SESSION_PARAMS: ParamShape = {
  mode: oneOf('payment', 'setup', 'subscription'),
  line_items: listOf({ price: 'string', quantity: 'integer' }),
  customer: 'string',
  customer_email: 'string',
  success_url: 'string',
  cancel_url: 'string',
  client_reference_id: 'string',
  metadata: 'hash',
  subscription_data: fields({ metadata: 'hash' }),
};

const subscriptionOnly = fields({ subscription: 'string' });

const PORTAL_SESSION_PARAMS: ParamShape = {
  customer: 'string',
  return_url: 'string',
  flow_data: fields({
    type: oneOf('payment_method_update', 'subscription_cancel', 'subscription_update', 'subscription_update_confirm'),
    after_completion: fields({
      type: oneOf('hosted_confirmation', 'portal_homepage', 'redirect'),
      redirect: fields({ return_url: 'string' }),
      hosted_confirmation: fields({ custom_message: 'string' }),
    }),
    subscription_cancel: subscriptionOnly,
    subscription_update: subscriptionOnly,
    subscription_update_confirm: fields({ subscription: 'string', items: listOf({ id: 'string', price: 'string', quantity: 'integer' }) }),
  }),
};

export const sessionRoutes: ApiRoute[] = [
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, params: CHECKOUT_SESSION_PARAMS, handle: createCheckoutSession },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, params: {}, handle: retrieveCheckoutSession },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, params: PORTAL_SESSION_PARAMS, handle: createPortalSession },
];
