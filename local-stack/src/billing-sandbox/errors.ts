/** An error answered in Stripe's shape: `{ error: { type, code, message, param } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message, ...this.extra };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    return { error };
  }
}

export const missingParam = (param: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalidParam = (param: string, message: string, code = 'parameter_invalid'): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

/** 404 when the object named by the URL is unknown, 400 when a parameter names an unknown object. */
export const noSuch = (kind: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(param === 'id' ? 404 : 400, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const invalidRequest = (message: string, param?: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, undefined, param);

export const cardDeclined = (): StripeApiError =>
  new StripeApiError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, { decline_code: 'generic_decline' });

export const missingApiKey = (): StripeApiError =>
  new StripeApiError(
    401,
    'invalid_request_error',
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  );

/** Stripe never echoes a whole key: it keeps the prefix and the last four characters. */
const maskKey = (key: string): string =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '*'.repeat(key.length);

export const invalidApiKey = (key: string): StripeApiError =>
  new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${maskKey(key)}`);

export const unrecognizedUrl = (method: string, path: string): StripeApiError =>
  new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
