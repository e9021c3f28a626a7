import { THROTTLE_RETRY_AFTER_SECONDS } from '../contracts/usage-plans';

/**
 * Answers that API Gateway itself gives before any handler runs. The CDK
 * stack installs them as gateway responses; the local gateway sends the same.
 */
export type GatewayResponseKind = 'unauthorized' | 'access-denied' | 'not-found' | 'too-large' | 'throttled' | 'timeout' | 'integration-failure';

export interface GatewayResponse {
  status: number;
  body: unknown;
  /** Fixed headers of the answer (a gateway response cannot compute one per request). */
  headers?: Readonly<Record<string, string>>;
}

/** A throttled request may retry once its bucket has a token again: within a second at every plan's and stage's rate. */
const throttledHeaders = { 'Retry-After': String(THROTTLE_RETRY_AFTER_SECONDS) };

const productBodies: Record<GatewayResponseKind, GatewayResponse> = {
  unauthorized: {
    status: 401,
    body: {
      error: {
        code: 'unauthorized',
        message: 'Missing or invalid API key.',
        param: 'X-API-Key',
        hint: 'Send your key in the X-API-Key header; create one on the API Keys page of the portal.',
      },
    },
  },
  'access-denied': {
    status: 403,
    body: {
      error: {
        code: 'forbidden',
        message: 'This API key cannot be used: its account has no active subscription.',
        param: 'X-API-Key',
        hint: 'Choose or renew a plan on the Subscription page of the portal.',
      },
    },
  },
  'not-found': {
    status: 404,
    body: { error: { code: 'not_found', message: 'No such endpoint.', param: null, hint: 'GET / lists the endpoints.' } },
  },
  'too-large': {
    status: 413,
    body: {
      error: {
        code: 'payload_too_large',
        message: 'The request is larger than the API accepts: 6 MB once encoded, about 4.4 MB of file.',
        param: 'file',
        hint: 'Send large files by URL, or upload them with POST /uploads and pass the file_id.',
      },
    },
  },
  throttled: {
    status: 429,
    body: {
      error: {
        code: 'rate_limited',
        message: 'Too many requests in a short time: the gateway throttles every request, task reads included.',
        param: null,
        hint: 'Retry after the seconds in Retry-After; poll a task no faster than its own Retry-After asks.',
      },
    },
    headers: throttledHeaders,
  },
  timeout: {
    status: 504,
    body: {
      error: {
        code: 'gateway_timeout',
        message: 'The request took longer than the 29 s the API allows.',
        param: null,
        hint: 'Leave download at 0 and poll the task; long work never needs a request to stay open.',
      },
    },
  },
  'integration-failure': {
    status: 502,
    body: { error: { code: 'internal_error', message: 'The request failed on our side.', param: null, hint: 'Try again.' } },
  },
};

const portalBodies: Record<GatewayResponseKind, GatewayResponse> = {
  unauthorized: { status: 401, body: { error: 'User not authenticated' } },
  'access-denied': { status: 403, body: { error: 'Forbidden' } },
  'not-found': { status: 404, body: { error: 'Not found' } },
  'too-large': { status: 413, body: { error: 'Payload too large' } },
  throttled: { status: 429, body: { error: 'Too many requests' }, headers: throttledHeaders },
  timeout: { status: 504, body: { error: 'The request timed out' } },
  'integration-failure': { status: 502, body: { error: 'Internal server error' } },
};

export function gatewayResponse(api: 'portal' | 'product', kind: GatewayResponseKind): GatewayResponse {
  return (api === 'portal' ? portalBodies : productBodies)[kind];
}

/** How a 405's hint names the methods a path takes: `GET`, `GET or POST`, `GET, POST or DELETE`. */
const methodList = (methods: readonly string[]): string =>
  methods.length < 2 ? (methods[0] ?? '') : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1) ?? ''}`;

/**
 * A known path asked with a method it does not take: 405 with `Allow`, as
 * HTTP asks. The words are built from the method and the resource path, the
 * two values API Gateway's mock integration has too, so both gateways send
 * the same bytes (see `methodNotAllowedTemplate`).
 */
export function methodNotAllowed(api: 'portal' | 'product', method: string, resourcePath: string, allowed: readonly string[]): GatewayResponse {
  const headers = { Allow: allowed.join(', ') };
  if (api === 'portal') return { status: 405, body: { error: 'Method not allowed' }, headers };
  const body = {
    error: {
      code: 'method_not_allowed',
      message: `${method} is not allowed on ${resourcePath}.`,
      param: null,
      hint: `${resourcePath} takes ${methodList(allowed)}.`,
    },
  };
  return { status: 405, body, headers };
}

/**
 * The same answer as a mapping template of API Gateway, where the method and
 * the path are only known per request: `$context` stands in for them.
 */
export function methodNotAllowedTemplate(api: 'portal' | 'product', resourcePath: string, allowed: readonly string[]): string {
  const METHOD = '__METHOD__';
  const { body } = methodNotAllowed(api, METHOD, resourcePath, allowed);
  return JSON.stringify(body).replace(METHOD, '$context.httpMethod');
}

/**
 * How long AWS WAF's per-address flood guard keeps refusing: it counts over
 * five minutes and lifts the block once the rate is back under its limit,
 * which it checks about every half minute.
 */
export const FIREWALL_RETRY_AFTER_SECONDS = 60;

/** The answer of the firewall's per-address flood guard in front of an API (AWS only): a 429 like the throttle's. */
export function firewallRateLimited(api: 'portal' | 'product'): GatewayResponse {
  const body =
    api === 'portal'
      ? { error: 'Too many requests' }
      : { error: { code: 'rate_limited', message: 'Too many requests from your address.', param: null, hint: 'Retry after the seconds in Retry-After.' } };
  return { status: 429, body, headers: { 'Retry-After': String(FIREWALL_RETRY_AFTER_SECONDS) } };
}

/** API Gateway's own payload limit. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Lambda's synchronous invocation payload: the whole event, base64 body included. */
export const MAX_LAMBDA_EVENT_BYTES = 6 * 1024 * 1024;
/** API Gateway's integration timeout for REST APIs. */
export const INTEGRATION_TIMEOUT_SECONDS = 29;
