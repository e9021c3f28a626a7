import type Stripe from 'stripe';
import { type ApiRequest, type ApiRoute, idOf } from './api-types';
import { requirePrice, requireSubscription, type SandboxContext } from './context';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import { newestFirst, paginate } from './expand';
import { firstItem } from './objects';
import { fields, LIST_PARAMS, listOf, oneOf } from './param-spec';
import { checkProrationDate, type PlanChange, PRORATION_BEHAVIORS, previewInvoice } from './plan-change';
import { processDueWork } from './renewals';
import { liveSubscriptions } from './subscriptions';

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];

/** The subscription a preview is of: named, or the customer's live one. */
function previewedSubscription(ctx: SandboxContext, req: ApiRequest): Stripe.Subscription {
  const id = req.params.string('subscription');
  if (id) return requireSubscription(ctx, id, 'subscription');
  const customer = req.params.string('customer');
  if (!customer) throw invalidRequest('Must provide customer or subscription.');
  const live = liveSubscriptions(ctx, customer)[0];
  if (!live) throw new StripeApiError(404, 'invalid_request_error', `No upcoming invoices for customer: ${customer}`, 'invoice_upcoming_none');
  return live;
}

/** `POST /v1/invoices/create_preview` for a subscription, with or without a change of its item. */
function createPreview(ctx: SandboxContext, req: ApiRequest): Stripe.Invoice {
  processDueWork(ctx);
  const subscription = previewedSubscription(ctx, req);
  if (subscription.status === 'canceled') throw new StripeApiError(404, 'invalid_request_error', `No upcoming invoices for subscription: ${subscription.id}`, 'invoice_upcoming_none');
  const details = req.params.object('subscription_details');
  const item = details?.list('items')[0];
  if (!details || !item) return previewInvoice(ctx, subscription, null);
  const current = firstItem(subscription);
  const itemId = item.string('id') ?? current.id;
  if (itemId !== current.id) throw noSuch('subscription item', itemId, 'subscription_details[items][0][id]');
  const priceId = item.string('price');
  const date = details.integer('proration_date');
  const change: PlanChange = {
    price: priceId ? requirePrice(ctx, priceId, 'subscription_details[items][0][price]') : current.price,
    quantity: item.integer('quantity') ?? current.quantity ?? 1,
    behavior: PRORATION_BEHAVIORS.find((b) => b === details.string('proration_behavior')) ?? 'create_prorations',
    prorationDate: date === undefined ? ctx.clock.now() : checkProrationDate(subscription, date, 'subscription_details[proration_date]'),
  };
  return previewInvoice(ctx, subscription, change);
}

export const invoiceRoutes: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/invoices\/create_preview$/,
    params: {
      customer: 'string',
      subscription: 'string',
      subscription_details: fields({
        items: listOf({ id: 'string', price: 'string', quantity: 'integer' }),
        proration_behavior: oneOf(...PRORATION_BEHAVIORS),
        proration_date: 'integer',
      }),
    },
    handle: createPreview,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      const invoice = ctx.state.invoices[idOf(req)];
      if (!invoice) throw noSuch('invoice', idOf(req));
      return invoice;
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices$/,
    params: { ...LIST_PARAMS, customer: 'string', subscription: 'string', status: oneOf(...INVOICE_STATUSES) },
    handle(ctx, { params }) {
      const customer = params.string('customer');
      const subscription = params.string('subscription');
      const status = params.string('status');
      const invoices = Object.values(ctx.state.invoices).filter(
        (i: Stripe.Invoice) =>
          (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details?.subscription === subscription) && (!status || i.status === status),
      );
      return paginate(newestFirst(invoices), params, '/v1/invoices');
    },
  },
];
