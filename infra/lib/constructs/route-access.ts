import type { RouteDefinition } from '../../../functions/src/http/routes';
import type { FunctionAccess } from './function-grants';

/** Access profiles a route's function can have. */
export type RouteAccess = Extract<FunctionAccess, 'portal' | 'billing-webhook' | 'account' | 'product'>;

/** Handler of Stripe's webhook route. */
export const STRIPE_WEBHOOK_HANDLER = 'billing/stripe-webhook';

/** Handler of the Danger Zone's `DELETE /account`. */
export const DELETE_ACCOUNT_HANDLER = 'portal/delete-account';

/**
 * Handlers whose function needs another profile than its API's. Keyed by the
 * handler, so the route table stays the one list of routes.
 */
export const ACCESS_BY_HANDLER: Readonly<Record<string, RouteAccess>> = {
  // Called by Stripe, not by a user: billing records and key mirroring, no sealing key.
  [STRIPE_WEBHOOK_HANDLER]: 'billing-webhook',
  // Deletes what no other portal function may: every store's share of the user, and the user itself.
  [DELETE_ACCOUNT_HANDLER]: 'account',
};

/** A route's profile: its handler's own, else its API's. */
export const routeAccess = (route: RouteDefinition): RouteAccess => ACCESS_BY_HANDLER[route.handler] ?? route.api;
