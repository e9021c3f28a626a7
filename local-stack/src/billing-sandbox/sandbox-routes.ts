import type { ServerResponse } from 'node:http';
import type { SandboxContext } from './context';
import { invalidParam, unrecognizedUrl } from './errors';
import type { ParamReader } from './form-encoding';
import { sendJson } from './http';
import { processDueWork } from './renewals';

/** Controls that Stripe does not have: the clock and the delivery log, for tests and for looking inside. */
export function handleSandboxControl(ctx: SandboxContext, res: ServerResponse, method: string, path: string, params: ParamReader): void {
  if (method === 'GET' && path === '/_sandbox/clock') {
    return sendJson(res, 200, { now: ctx.clock.now(), offset: ctx.state.clockOffset });
  }
  if (method === 'POST' && path === '/_sandbox/clock/advance') {
    const text = params.string('seconds');
    const seconds = text === undefined ? NaN : Number(text);
    if (!Number.isFinite(seconds) || seconds < 0) throw invalidParam('seconds', 'seconds must be a number of seconds, zero or more.');
    ctx.clock.advance(Math.floor(seconds));
    ctx.commit();
    processDueWork(ctx);
    return sendJson(res, 200, { now: ctx.clock.now(), offset: ctx.state.clockOffset });
  }
  if (method === 'GET' && path === '/_sandbox/deliveries') {
    const deliveries = ctx.state.deliveries.map((d) => ({
      eventId: d.eventId,
      type: d.type,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      delivered: d.delivered,
      nextAttemptAt: d.delivered ? null : new Date(d.nextAttemptAt).toISOString(),
    }));
    return sendJson(res, 200, { deliveries });
  }
  throw unrecognizedUrl(method, path);
}
