import { getRuntimeConfig } from '../config/runtime-config';

// The one network seam of the component tests: `fetch` is answered here, both for the portal API
// (routes named 'METHOD /path') and for Cognito's JSON protocol, as Amplify speaks it (operations named
// 'Cognito Operation', from the X-Amz-Target header). Nothing else of the portal is replaced.

export interface SeenRequest {
  /** 'GET /api-keys' or 'Cognito InitiateAuth'. */
  name: string;
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, parsed; undefined when there is none. */
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

const COGNITO_TARGET = 'AWSCognitoIdentityProviderService.';

/** A refusal of the portal API: the spec's `{ error }` body. */
export function portalError(status: number, error: string): Answer {
  return { status, body: { error } };
}

/** A refusal of Cognito: its error code in `__type` and in the x-amzn-ErrorType header, as the service sends it. */
export function cognitoError(type: string, message: string): Answer {
  return { status: 400, body: { __type: type, message }, headers: { 'x-amzn-ErrorType': `${type}:` } };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return headers;
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string' || init.body === '') return undefined;
  return JSON.parse(init.body) as unknown;
}

/** The id token's claims, as API Gateway's Cognito authorizer would read them; null when it is not an id token. */
function idTokenClaims(authorization: string | undefined): Record<string, unknown> | null {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]*$/.exec(authorization ?? '');
  if (!token?.[2]) return null;
  const claims = JSON.parse(atob(token[2].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  return claims.token_use === 'id' ? claims : null;
}

class FetchBoundary {
  /** Every request, in order (unanswered ones included). */
  readonly requests: SeenRequest[] = [];
  /** Requests no handler was given for: each test ends with none. */
  readonly unexpected: string[] = [];
  private readonly handlers = new Map<string, Handler>();

  /** Answers the route ('PUT /profile') or Cognito operation ('Cognito SignUp') from now on. */
  on(name: string, answer: Handler | Answer): void {
    this.handlers.set(name, typeof answer === 'function' ? answer : () => answer);
  }

  /** The requests made to one route or operation. */
  calls(name: string): SeenRequest[] {
    return this.requests.filter((request) => request.name === name);
  }

  reset(): void {
    this.requests.length = 0;
    this.unexpected.length = 0;
    this.handlers.clear();
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = headersOf(init);
    const target = headers['x-amz-target'];
    const portalBase = new URL(getRuntimeConfig().portalApiUrl);
    const portalPath = url.origin === portalBase.origin ? url.pathname.slice(portalBase.pathname.replace(/\/+$/, '').length) : null;
    const name = target?.startsWith(COGNITO_TARGET) ? `Cognito ${target.slice(COGNITO_TARGET.length)}` : `${method} ${portalPath ?? url.href}`;
    const request: SeenRequest = { name, method, url, headers, body: bodyOf(init) };
    this.requests.push(request);

    const handler = this.handlers.get(name);
    if (!handler) {
      this.unexpected.push(name);
      return respond({ status: 501, body: { error: `No answer for ${name} in this test` } });
    }
    // The portal API's authorizer refuses a call without the signed-in user's id token before any route runs.
    if (portalPath !== null && !idTokenClaims(headers.authorization)) return respond({ status: 401, body: { message: 'Unauthorized' } });
    return respond(await handler(request), target ? 'application/x-amz-json-1.1' : 'application/json');
  };
}

function respond({ status = 200, body, headers = {} }: Answer, contentType = 'application/json'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': contentType, ...headers } });
}

export const boundary = new FetchBoundary();
