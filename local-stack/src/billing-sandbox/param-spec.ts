import { StripeApiError } from './errors';
import type { Params } from './form-encoding';

/**
 * What an endpoint accepts, declared beside its route: Stripe refuses any
 * parameter it does not know and any enum value outside its list, so a typo
 * in our calls fails here as it would there. Value types are checked where
 * the handler reads them (`ParamReader`).
 */
export type ParamSpec =
  | 'string'
  | 'integer'
  | 'boolean'
  /** Free keys, as `metadata`. */
  | 'hash'
  /** A list of strings, as `expand` or `lookup_keys`. */
  | 'strings'
  | { readonly oneOf: readonly string[] }
  | { readonly fields: ParamShape }
  | { readonly listOf: ParamShape };

export type ParamShape = Readonly<Record<string, ParamSpec>>;

export const oneOf = (...values: string[]): ParamSpec => ({ oneOf: values });
export const fields = (shape: ParamShape): ParamSpec => ({ fields: shape });
export const listOf = (shape: ParamShape): ParamSpec => ({ listOf: shape });

/** Cursor pagination, accepted by every list endpoint. */
export const LIST_PARAMS: ParamShape = { limit: 'integer', starting_after: 'string', ending_before: 'string' };

/** Accepted by every endpoint. */
const EVERY_ENDPOINT: ParamShape = { expand: 'strings' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe's wording for a list of choices: `a, b, or c`. */
function choices(values: readonly string[]): string {
  if (values.length <= 2) return values.join(' or ');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1] ?? ''}`;
}

export const unknownParam = (name: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `Received unknown parameter: ${name}`, 'parameter_unknown', name);

/** Stripe answers a value outside an enum with the choices and the parameter, and no error code. */
export const invalidChoice = (name: string, values: readonly string[]): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `Invalid ${name}: must be one of ${choices(values)}`, undefined, name);

function checkValue(value: unknown, spec: ParamSpec, name: string): void {
  if (typeof spec === 'string') return;
  if ('oneOf' in spec) {
    if (typeof value !== 'string' || !spec.oneOf.includes(value)) throw invalidChoice(name, spec.oneOf);
    return;
  }
  // An empty string clears a hash in Stripe's encoding; the reader decides whether that is allowed.
  if (value === '') return;
  if ('fields' in spec) {
    if (isRecord(value)) checkShape(value, spec.fields, name);
    return;
  }
  // qs gives an array for small indices and an object for sparse ones.
  const items = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : isRecord(value) ? Object.entries(value) : [];
  for (const [index, item] of items) {
    if (isRecord(item)) checkShape(item, spec.listOf, `${name}[${index}]`);
  }
}

function checkShape(params: Record<string, unknown>, shape: ParamShape, path: string): void {
  for (const [key, value] of Object.entries(params)) {
    const name = path ? `${path}[${key}]` : key;
    const spec = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (spec === undefined) throw unknownParam(name);
    checkValue(value, spec, name);
  }
}

/** Throws Stripe's 400 for the first unknown parameter or enum value outside its list. */
export function checkParams(params: Params, shape: ParamShape): void {
  checkShape(params, { ...EVERY_ENDPOINT, ...shape }, '');
}
