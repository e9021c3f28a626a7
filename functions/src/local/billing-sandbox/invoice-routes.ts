import type Stripe from 'stripe';
import { type ApiRoute, idOf } from './api-types';
import { noSuch } from './errors';
import { newestFirst, paginate } from './expand';
import { LIST_PARAMS, oneOf } from './param-spec';

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];

export const invoiceRoutes: ApiRoute[] = [
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
