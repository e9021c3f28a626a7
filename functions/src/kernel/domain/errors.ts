/**
 * Typed failures of the domain. Each maps to one HTTP status in
 * `kernel/http/errors.ts`, the only place that knows about status codes.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  /** The request field at fault, when there is one. */
  readonly param: string | undefined;
  readonly hint: string | undefined;

  constructor(message: string, options: { param?: string; hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.param = options.param;
    this.hint = options.hint;
  }
}

export class ValidationError extends AppError {
  readonly code = 'invalid_request';
}

export class PayloadTooLargeError extends AppError {
  readonly code = 'payload_too_large';
}

export class AuthenticationError extends AppError {
  readonly code = 'unauthorized';
}

export class ForbiddenError extends AppError {
  readonly code = 'forbidden';
}

export class NotFoundError extends AppError {
  readonly code = 'not_found';
}

export class ConflictError extends AppError {
  readonly code = 'conflict';
}

/** A task asked to stop after it ended: it stays as it ended. */
export class TaskEndedError extends AppError {
  readonly code = 'task_already_ended';
}

/** A task's callback asked for again before the task ended: there is no outcome to announce yet. */
export class TaskNotEndedError extends AppError {
  readonly code = 'conflict';
}

/** A task's callback asked for again while a retry of its delivery is still due. */
export class CallbackPendingError extends AppError {
  readonly code = 'conflict';
}

/** A task's callback asked for again more often than a task keeps tries for. */
export class CallbackResendLimitError extends AppError {
  readonly code = 'conflict';
}

/** A callback asked for again for a task made without a `callback_url`: there is nowhere to deliver it. */
export class NoCallbackUrlError extends AppError {
  readonly code = 'invalid_request';
}

/** A file that holds no media we can read (`POST /probe`): the request was fine, the file is not. */
export class UnreadableMediaError extends AppError {
  readonly code = 'invalid_media';
}

/**
 * Inputs that are readable but do not fit the request (a crop outside the
 * frame, a start past the end): what the task would fail with, said at once
 * by a dry run, under the code the failed task would carry.
 */
export class UnfitInputError extends AppError {
  constructor(
    readonly code: 'crop_out_of_bounds' | 'start_out_of_range' | 'no_video_stream' | 'no_audio_stream' | 'video_required',
    message: string,
    options: { param?: string; hint?: string } = {},
  ) {
    super(message, options);
  }
}

export class UpstreamError extends AppError {
  readonly code = 'upstream_unavailable';
}

/** A job that ended in failure, reported where the caller waited for its result. */
export class JobFailedError extends AppError {
  readonly code: string;

  constructor(failure: { code: string; message: string; param: string | null; hint: string | null }, taskId: string) {
    super(failure.message, { param: failure.param ?? undefined, hint: `${failure.hint ?? ''} Task ${taskId}.`.trim() });
    this.code = failure.code;
  }
}

/** The caller's plan does not include a feature; names the parameter and the plans that have it. */
export class PlanRequiredError extends AppError {
  readonly code = 'plan_required';
}

/** Too many requests for the key's plan in the current window. */
export class RateLimitedError extends AppError {
  readonly code = 'rate_limited';

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options: { param?: string; hint?: string } = {},
  ) {
    super(message, options);
  }
}

/** An Idempotency-Key sent again with a different request, or while its first request still runs. */
export class IdempotencyError extends AppError {
  constructor(
    readonly code: 'idempotency_key_reused' | 'idempotency_key_in_use',
    message: string,
    options: { param?: string; hint?: string } = {},
  ) {
    super(message, options);
  }
}

/**
 * A sealed secret that cannot be opened: altered, malformed, sealed for
 * another context or under another key. It is our failure, never the
 * caller's, so it is no AppError and answers as an internal error.
 */
export class SealedValueError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SealedValueError';
  }
}
