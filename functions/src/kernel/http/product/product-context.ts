import type { Context } from 'aws-lambda';
import type { ApiKeyRecord } from '../../../features/api-keys/domain/api-key';
import type { AnyJobRequest } from '../../../features/jobs/contracts/requests/parsed-request';
import type { Caller } from '../../../features/jobs/domain/job-service';
import type { RateWindow } from '../../limits/rate-limit';
import type { TaskOutcome } from '../../../features/request-logs/domain/request-log';
import type { BodyValues } from '../form-body';

/** What the product API's middlewares learn about a request, for the ones after them and the handler. */
export interface ProductContext extends Context {
  caller?: Caller;
  body?: BodyValues;
  request?: AnyJobRequest;
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
  /** How the task had ended when the request answered, if it had (a replay of an ended task). */
  taskOutcome?: TaskOutcome;
  /** The id of this request's log row, known before the row is written so a job can name it. */
  requestLogId?: string;
  /** The key behind the request, checked active. */
  apiKey?: ApiKeyRecord;
  /** performance.now() when the request reached our code. */
  startedAt?: number;
}
