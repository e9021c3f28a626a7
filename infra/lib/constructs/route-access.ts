import type { RouteDefinition } from '../../../functions/src/http/routes';
import type { FunctionAccess } from './function-grants';

/** Access profiles a route's function can have. */
export type RouteAccess = Extract<FunctionAccess, 'portal' | 'billing-webhook' | 'product'>;

/** Handler of Stripe's webhook route. */
export const STRIPE_WEBHOOK_HANDLER = 'billing/stripe-webhook';

/**
 * Handlers whose function needs another profile than its API's. Keyed by the
 * handler, so the route table stays the one list of routes.
 */
export const ACCESS_BY_HANDLER: Readonly<Record<string, RouteAccess>> = {
  // Called by Stripe, not by a user: billing records and key mirroring, no sealing key.
  [STRIPE_WEBHOOK_HANDLER]: 'billing-webhook',
};

/** A route's profile: its handler's own, else its API's. */
export const routeAccess = (route: RouteDefinition): RouteAccess => ACCESS_BY_HANDLER[route.handler] ?? route.api;
