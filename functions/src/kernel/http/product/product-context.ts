import type { Context } from 'aws-lambda';
import type { Caller } from '../../contracts/caller';
import type { RateWindow } from '../../limits/rate-limit';
import type { BodyValues } from '../form-body';

/**
 * What the product API's middlewares learn about a request, for the ones
 * after them and the handler. The kernel's own fields are here; a feature
 * whose middleware adds one declares it in its own room, by augmenting this
 * interface (the key's record, the parsed job request, the task's outcome),
 * so the kernel names no feature's types.
 */
export interface ProductContext extends Context {
  caller?: Caller;
  body?: BodyValues;
  /** `dry_run=true`: answered with the plan; nothing is counted, claimed or queued. */
  dryRun?: boolean;
  /** The key's rate-limit standing after this request, for the RateLimit headers. */
  rateWindow?: RateWindow | null;
  /** This request holds a place in the window: given back if it makes no task. */
  counted?: boolean;
  /** The Idempotency-Key claim this request holds, released if it fails. */
  idempotencyId?: string;
  /** The task an earlier request with the same Idempotency-Key made: answered again. */
  replayTaskId?: string;
  /** The task this request made, answered again or read. */
  taskId?: string;
  /** The request made its task (or answered it again): its log row shows how the task ends. */
  answersTask?: boolean;
  /** The id of this request's log row, known before the row is written so a job can name it. */
  requestLogId?: string;
  /** performance.now() when the request reached our code. */
  startedAt?: number;
}
