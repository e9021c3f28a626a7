import * as z from 'zod';
import type { MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';
import type { ForwardOutcome } from './callback-forwarding';

const eventSummarySchema = z.object({ id: z.string(), type: z.string(), data: z.object({ id: z.string() }) });

/** The event id, type and task id of a copy; `?` where the body is not an event. */
export function summaryOf(delivery: MirroredDelivery): { eventId: string; type: string; taskId: string } {
  try {
    const event = eventSummarySchema.parse(JSON.parse(delivery.body));
    return { eventId: event.id, type: event.type, taskId: event.data.id };
  } catch {
    return { eventId: '?', type: '?', taskId: '?' };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const localTime = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;

/** The one line printed per forwarded copy: when, which event of which task, where it went and what came back. */
export function forwardedLine(delivery: MirroredDelivery, target: string, outcome: ForwardOutcome, at: Date): string {
  const { type, taskId } = summaryOf(delivery);
  const answer = 'status' in outcome ? String(outcome.status) : `no answer: ${outcome.error}`;
  return `${localTime(at)}  ${type}  task ${taskId}  --> POST ${target} [${answer}]`;
}

export interface ForwarderOptions {
  target: string;
  forward: (delivery: MirroredDelivery, target: string) => Promise<ForwardOutcome>;
  /** With --api-key: whether the task is that key's user's; throws when that cannot be told. */
  ownsTask?: (taskId: string) => Promise<boolean>;
  print: (line: string) => void;
  warn: (line: string) => void;
  now?: () => Date;
}

/**
 * What the listener does with each copy: another user's is skipped (with
 * --api-key), the rest are forwarded and printed. The worker copies every
 * try, so a delivery the real address keeps failing comes again and again;
 * once the developer's receiver has answered 2xx for an event its later
 * tries are skipped, as a receiver that answered gets no more tries.
 */
export function createForwarder(options: ForwarderOptions): (delivery: MirroredDelivery) => Promise<void> {
  const answered = new Set<string>();
  const now = options.now ?? (() => new Date());
  return async (delivery) => {
    const { eventId, taskId } = summaryOf(delivery);
    if (answered.has(eventId)) return;
    if (options.ownsTask) {
      const owned = await options.ownsTask(taskId).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (owned instanceof Error) return options.warn(`Not forwarded (task ${taskId}): ${owned.message}`);
      if (!owned) return;
    }
    const outcome = await options.forward(delivery, options.target);
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) answered.add(eventId);
    options.print(forwardedLine(delivery, options.target, outcome, now()));
  };
}
