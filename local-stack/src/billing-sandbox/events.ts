import type Stripe from 'stripe';
import type { EventOrigin, SandboxContext } from './context';
import { newId } from './ids';

/** The API version the SDK pins; events say which shape they carry. */
export const API_VERSION = '2026-10-28.endive';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stripe's `previous_attributes`: the old value of every field that changed,
 * descending into nested hashes and taking lists and arrays whole.
 */
export function previousAttributes(before: unknown, after: unknown): Record<string, unknown> | undefined {
  if (!isRecord(before) || !isRecord(after)) return undefined;
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    const nested = isRecord(old) && isRecord(now) && !Array.isArray(old.data) ? previousAttributes(old, now) : undefined;
    previous[key] = nested ?? (old === undefined ? null : old);
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}

/**
 * Stores an event holding a snapshot of the object as it is now, and queues
 * its delivery. The caller commits, which saves and wakes the sender.
 */
export function emitEvent(
  ctx: SandboxContext,
  type: Stripe.Event.Type,
  object: object,
  origin: EventOrigin,
  options: { previous?: Record<string, unknown>; at?: number } = {},
): Stripe.EventBase {
  const data: Stripe.Event.Data = { object: structuredClone(object) };
  if (options.previous) data.previous_attributes = structuredClone(options.previous);
  const event: Stripe.EventBase = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: options.at ?? ctx.clock.now(),
    data,
    livemode: false,
    pending_webhooks: 1,
    request: { id: origin.requestId, idempotency_key: origin.idempotencyKey },
    type,
  };
  ctx.state.events[event.id] = event;
  ctx.state.deliveries.push({ eventId: event.id, type, attempts: 0, lastStatus: null, lastError: null, delivered: false, nextAttemptAt: Date.now() });
  return event;
}
