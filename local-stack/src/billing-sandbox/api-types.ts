import type { EventOrigin, SandboxContext } from './context';
import type { ParamReader } from './form-encoding';
import type { ParamShape } from './param-spec';

export interface ApiRequest {
  method: string;
  /** Query and body parameters together: the SDK puts GET and DELETE parameters in the query. */
  params: ParamReader;
  /** The URL's captured ids, in order. */
  pathParams: string[];
  expand: string[];
  origin: EventOrigin;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** Every parameter the endpoint honours; any other is refused as Stripe refuses it. */
  params: ParamShape;
  /** Returns the Stripe object or list to answer with 200; throws StripeApiError otherwise. */
  handle(ctx: SandboxContext, req: ApiRequest): object;
}

/** The first captured id; every pattern with an `:id` captures one. */
export const idOf = (req: ApiRequest): string => req.pathParams[0] ?? '';

/** An `http(s)` URL, as Stripe requires for the URLs a customer is sent to. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.split('{CHECKOUT_SESSION_ID}').join('x'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
