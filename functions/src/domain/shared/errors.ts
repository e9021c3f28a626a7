/**
 * Typed failures of the domain. Each maps to one HTTP status in
 * `http/errors.ts`, the only place that knows about status codes.
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
