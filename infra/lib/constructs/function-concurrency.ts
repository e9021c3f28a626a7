import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { STRIPE_WEBHOOK_HANDLER } from './route-access';

/**
 * The Lambda concurrent-executions quota the figures below are sized for
 * (infra/README.md asks a new account, which starts at 10, to raise it first).
 */
export const ACCOUNT_CONCURRENCY_QUOTA = 1000;

/** Lambda refuses a reservation that leaves fewer than this many executions unreserved in the account. */
export const UNRESERVED_MINIMUM = 100;

/**
 * Capacity held for the functions that sign-up, sign-in and billing cannot do
 * without, so a burst of long job requests cannot take it. Each figure is
 * also that function's ceiling.
 * - The authorizer answers every uncached product request (~50 ms): 50 covers
 *   the product stage's burst of 200 arriving cold.
 * - Pre token generation runs on every sign-in and token refresh; the custom
 *   message on every sign-up and reset e-mail.
 * - Stripe retries what fails, and each event mirrors keys through API
 *   Gateway's control plane, which allows only a few calls a second: 10 is room
 *   enough and keeps a backlog of retries from throttling it.
 */
export const PROTECTED_CONCURRENCY: Readonly<Record<string, number>> = {
  [standaloneFunctions.apiKeyAuthorizer]: 50,
  [standaloneFunctions.preTokenGeneration]: 20,
  [standaloneFunctions.customMessage]: 10,
  [STRIPE_WEBHOOK_HANDLER]: 10,
};

/**
 * Ceiling of each product function that may hold a request up to API
 * Gateway's 29 s (job creation with `download=1`, a task waited on with
 * `wait`, downloads, voice listing).
 * Unbounded, 100 requests a second held 29 s is ~2,900 executions: the whole
 * account. 30 is 100 requests a second at 300 ms, or 30 waiting downloads, per
 * endpoint; beyond it the caller gets an error to retry, not the authorizer.
 * Lambda can only cap a function by reserving for it, so this is reserved too.
 */
export const LONG_REQUEST_CEILING = 30;

/**
 * `GET /task/{id}`'s own ceiling: every client's polls and held waits
 * (`?wait=`, up to 20 s) share its function, so 30 waiting clients would
 * leave none for a plain poll. 200 is 200 clients waiting at once, or 4,000
 * plain reads a second at 50 ms; beyond it a read gets an error to retry
 * (the SDK does), and the rest of the account is untouched.
 */
export const TASK_READ_CEILING = 200;
const TASK_READ_HANDLER = 'product/get-task';

/** The product API's handlers that can hold a request for the full 29 s. */
export const longRequestHandlers = (): string[] =>
  routes.filter((route) => route.api === 'product' && (route.timeoutSeconds ?? 0) >= 29).map((route) => route.handler);

/** The reserved concurrency of a handler's function; undefined draws from the account's unreserved pool. */
export function reservedConcurrencyOf(handler: string): number | undefined {
  if (handler === TASK_READ_HANDLER) return TASK_READ_CEILING;
  return PROTECTED_CONCURRENCY[handler] ?? (longRequestHandlers().includes(handler) ? LONG_REQUEST_CEILING : undefined);
}

/** Everything reserved above, which must leave the quota's unreserved minimum free. */
export const totalReservedConcurrency = (): number =>
  [...new Set([...Object.keys(PROTECTED_CONCURRENCY), ...longRequestHandlers()])].reduce((sum, handler) => sum + (reservedConcurrencyOf(handler) ?? 0), 0);
