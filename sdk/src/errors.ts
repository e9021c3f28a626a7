/** Everything the SDK throws is a FrameForgeError, so one `instanceof` catches them all. */
export class FrameForgeError extends Error {
  override name = 'FrameForgeError';
}

export interface ApiErrorFields {
  status: number;
  code: string;
  message: string;
  param: string | null;
  hint: string | null;
  requestId: string | null;
  /** Seconds the API asked to wait (a 429), when it said. */
  retryAfter: number | null;
}

/** The API answered an error: its stable `code`, the `param` at fault, a `hint`, and the request id support asks for. */
export class ApiError extends FrameForgeError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly param: string | null;
  readonly hint: string | null;
  readonly requestId: string | null;
  readonly retryAfter: number | null;

  constructor(fields: ApiErrorFields) {
    super(fields.message);
    this.status = fields.status;
    this.code = fields.code;
    this.param = fields.param;
    this.hint = fields.hint;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
  }
}

export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionError extends ApiError {
  override name = 'PermissionError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The request never got an answer (network down, DNS, a reset connection), after every retry. */
export class ConnectionError extends FrameForgeError {
  override name = 'ConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A signed URL (an upload part, a download) answered something other than success. */
export class TransferError extends FrameForgeError {
  override name = 'TransferError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A `callbacks.verify` that failed: the signature, its age or the body is wrong. */
export class SignatureVerificationError extends FrameForgeError {
  override name = 'SignatureVerificationError';
}

/** The class of error for a status: callers catch the kind they can act on. */
export function apiErrorFor(fields: ApiErrorFields): ApiError {
  const { status } = fields;
  if (status === 401) return new AuthenticationError(fields);
  if (status === 403) return new PermissionError(fields);
  if (status === 404) return new NotFoundError(fields);
  if (status === 409) return new ConflictError(fields);
  if (status === 429) return new RateLimitError(fields);
  if (status >= 500) return new ServerError(fields);
  if (status >= 400) return new InvalidRequestError(fields);
  return new ApiError(fields);
}
