export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

export type Route = (request: SeenRequest) => Response | Promise<Response>;

/** A fetch that records each request and answers from the routes in turn (the last one repeats). */
export function fakeFetch(...routes: Route[]): { fetch: typeof fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const fetchFake = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body,
    };
    seen.push(request);
    const route = routes[Math.min(seen.length - 1, routes.length - 1)];
    if (!route) throw new Error('no route');
    return route(request);
  };
  return { fetch: fetchFake as typeof fetch, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const apiError = (status: number, code: string, extra: { param?: string; hint?: string; headers?: Record<string, string> } = {}): Response =>
  json(status, { error: { code, message: `${code} happened`, param: extra.param ?? null, hint: extra.hint ?? null } }, { 'X-Request-Id': 'req_1', ...extra.headers });
