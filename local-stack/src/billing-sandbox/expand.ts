import { invalidParam, invalidRequest } from './errors';
import type { ParamReader } from './form-encoding';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe refuses expansions deeper than four levels. */
const MAX_DEPTH = 4;

function expandPath(holder: Record<string, unknown>, segments: string[], full: string, lookup: (id: string) => object | undefined): void {
  const [head, ...rest] = segments;
  if (head === undefined || !(head in holder)) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
  let value = holder[head];
  if (typeof value === 'string') {
    const found = lookup(value);
    if (!found) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    value = structuredClone(found);
    holder[head] = value;
  }
  if (rest.length === 0 || value === null) return;
  if (Array.isArray(value)) {
    for (const element of value) if (isRecord(element)) expandPath(element, rest, full, lookup);
  } else if (isRecord(value)) {
    expandPath(value, rest, full, lookup);
  } else {
    throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
  }
}

/**
 * Replaces ids by the objects they name along each dotted path
 * (`subscription.default_payment_method`, `data.customer` on a list).
 * Works on a copy: stored objects keep their ids.
 */
export function applyExpand<T>(value: T, paths: readonly string[], lookup: (id: string) => object | undefined): T {
  const copy = structuredClone(value);
  if (!isRecord(copy)) return copy;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH) throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`, 'expand');
    expandPath(copy, segments, path, lookup);
  }
  return copy;
}

export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor pagination over objects given newest first. */
export function paginate<T extends { id: string }>(items: readonly T[], params: ParamReader, url: string): ListPage<T> {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('limit', 'This value must be between 1 and 100 (limit).', 'parameter_invalid_integer');
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((i) => i.id === after);
    if (index < 0) throw invalidParam('starting_after', `No such object: '${after}'`, 'resource_missing');
    start = index + 1;
  } else if (before) {
    const index = items.findIndex((i) => i.id === before);
    if (index < 0) throw invalidParam('ending_before', `No such object: '${before}'`, 'resource_missing');
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + limit < end;
  return { object: 'list', data, has_more: hasMore, url };
}

/** Stored objects newest first: later inserts win ties on `created`. */
export function newestFirst<T extends { created: number }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map(({ item }) => item);
}
