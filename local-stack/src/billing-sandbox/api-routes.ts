import { type ApiRoute, idOf } from './api-types';
import { requireCustomer } from './context';
import { noSuch } from './errors';
import { newestFirst, paginate } from './expand';
import { buildCustomer } from './objects';
import { LIST_PARAMS } from './param-spec';

const CUSTOMER_FIELDS = { email: 'string', name: 'string', description: 'string', metadata: 'hash' } as const;

const customerRoutes: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    params: CUSTOMER_FIELDS,
    handle(ctx, { params }) {
      const customer = buildCustomer({
        email: params.string('email') || null,
        name: params.string('name') || null,
        metadata: params.metadata('metadata'),
        created: ctx.clock.now(),
      });
      customer.description = params.string('description') || null;
      ctx.state.customers[customer.id] = customer;
      ctx.commit();
      return customer;
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/customers\/([^/]+)$/,
    params: CUSTOMER_FIELDS,
    handle(ctx, req) {
      const customer = requireCustomer(ctx, idOf(req), 'id');
      const { params } = req;
      if (params.has('email')) customer.email = params.string('email') || null;
      if (params.has('name')) customer.name = params.string('name') || null;
      if (params.has('description')) customer.description = params.string('description') || null;
      customer.metadata = params.metadata('metadata', customer.metadata);
      ctx.commit();
      return customer;
    },
  },
  { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, params: {}, handle: (ctx, req) => requireCustomer(ctx, idOf(req), 'id') },
  {
    method: 'GET',
    pattern: /^\/v1\/customers$/,
    params: { ...LIST_PARAMS, email: 'string' },
    handle(ctx, { params }) {
      const email = params.string('email');
      // Stripe's email filter is exact and case-sensitive.
      const customers = Object.values(ctx.state.customers).filter((c) => email === undefined || c.email === email);
      return paginate(newestFirst(customers), params, '/v1/customers');
    },
  },
];

const catalogRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/prices$/,
    params: { ...LIST_PARAMS, active: 'boolean', product: 'string', lookup_keys: 'strings' },
    handle(ctx, { params }) {
      const active = params.boolean('active');
      const product = params.string('product');
      const lookupKeys = params.strings('lookup_keys');
      const prices = ctx.catalog.entries
        .map((e) => e.price)
        .filter((p) => (active === undefined || p.active === active) && (!product || p.product === product))
        .filter((p) => lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key)));
      return paginate(prices, params, '/v1/prices');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/prices\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      const entry = ctx.catalog.byPrice(idOf(req));
      if (!entry) throw noSuch('price', idOf(req));
      return entry.price;
    },
  },
  { method: 'GET', pattern: /^\/v1\/products$/, params: LIST_PARAMS, handle: (ctx, { params }) => paginate(ctx.catalog.entries.map((e) => e.product), params, '/v1/products') },
  {
    method: 'GET',
    pattern: /^\/v1\/products\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      const entry = ctx.catalog.byProduct(idOf(req));
      if (!entry) throw noSuch('product', idOf(req));
      return entry.product;
    },
  },
];

const recordRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/events\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      const event = ctx.state.events[idOf(req)];
      if (!event) throw noSuch('event', idOf(req));
      return event;
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/events$/,
    params: { ...LIST_PARAMS, type: 'string', types: 'strings', delivery_success: 'boolean' },
    handle(ctx, { params }) {
      const type = params.string('type');
      const types = params.strings('types');
      const delivered = params.boolean('delivery_success');
      // `type` accepts Stripe's `*` wildcard, as in `customer.subscription.*`.
      const matches = (t: string) => !type || new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(t);
      const events = Object.values(ctx.state.events).filter(
        (e) => matches(e.type) && (types.length === 0 || types.includes(e.type)) && (delivered === undefined || (e.pending_webhooks === 0) === delivered),
      );
      return paginate(newestFirst(events), params, '/v1/events');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    params: {},
    handle(ctx, req) {
      const paymentMethod = ctx.state.paymentMethods[idOf(req)];
      if (!paymentMethod) throw noSuch('PaymentMethod', idOf(req));
      return paymentMethod;
    },
  },
];

export const apiRoutes: ApiRoute[] = [...customerRoutes, ...catalogRoutes, ...recordRoutes];
