import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  AppError,
  AuthenticationError,
  CallbackPendingError,
  CallbackResendLimitError,
  ConflictError,
  ForbiddenError,
  IdempotencyError,
  JobFailedError,
  NoCallbackUrlError,
  NotFoundError,
  PayloadTooLargeError,
  PlanRequiredError,
  RateLimitedError,
  TaskEndedError,
  TaskNotEndedError,
  UnfitInputError,
  UnreadableMediaError,
  UpstreamError,
  ValidationError,
} from '../domain/errors';
import { json } from './responses';
import { logger } from './logging';

/** The one mapping from typed failures to HTTP status codes. */
const STATUS_BY_ERROR = new Map<abstract new (...args: never[]) => AppError, number>([
  [ValidationError, 400],
  [AuthenticationError, 401],
  [ForbiddenError, 403],
  [PlanRequiredError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [IdempotencyError, 409],
  [TaskEndedError, 409],
  [TaskNotEndedError, 409],
  [CallbackPendingError, 409],
  [CallbackResendLimitError, 409],
  [PayloadTooLargeError, 413],
  [JobFailedError, 422],
  [NoCallbackUrlError, 422],
  [UnreadableMediaError, 422],
  [UnfitInputError, 422],
  [RateLimitedError, 429],
  [UpstreamError, 503],
]);

export interface HttpFailure {
  status: number;
  code: string;
  message: string;
  param: string | null;
  hint: string | null;
}

/** What to do next, for an error thrown without a hint of its own: an answer always says how to go on. */
const DEFAULT_HINTS: Readonly<Record<string, string>> = {
  invalid_request: "See this endpoint's parameters in the API reference.",
  not_found: 'Check the id: tasks and files belong to the account of the key, and outputs are kept for 7 days.',
  conflict: 'Read the task with GET /task/{id} and act on its status.',
  payload_too_large: 'Send large files with POST /uploads, then pass the file_id.',
  upstream_unavailable: 'Try again in a minute.',
  internal_error: 'Try again; if it fails again, write to support with the X-Request-Id of this answer.',
};

const withHint = (failure: HttpFailure): HttpFailure => (failure.hint === null ? { ...failure, hint: DEFAULT_HINTS[failure.code] ?? null } : failure);

export function toHttpFailure(error: unknown): HttpFailure {
  if (error instanceof AppError) {
    for (const [type, status] of STATUS_BY_ERROR) {
      if (error instanceof type) {
        return withHint({ status, code: error.code, message: error.message, param: error.param ?? null, hint: error.hint ?? null });
      }
    }
  }
  // Anything else is our fault: say so without leaking internals.
  logger.error('unexpected error', error instanceof Error ? error : String(error));
  return withHint({ status: 500, code: 'internal_error', message: 'Internal error. Try again.', param: null, hint: null });
}

/** A refusal of a limit says when to come back; no other answer carries `Retry-After`. */
const retryHeaders = (error: unknown): Record<string, string> =>
  error instanceof RateLimitedError ? { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};

/** Product API error body: `{ error: { code, message, param, hint } }`. */
export function productErrorResponse(error: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  const { status, ...body } = toHttpFailure(error);
  return json(status, { error: body }, { ...headers, ...retryHeaders(error) });
}

/** Portal API error body, as the spec fixes it: `{ error: "text" }`. */
export function portalErrorResponse(error: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  const { status, message } = toHttpFailure(error);
  return json(status, { error: message }, { ...headers, ...retryHeaders(error) });
}
