import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { apiRoutes } from './api-routes';
import type { ApiRoute } from './api-types';
import { showCheckout, submitCheckout } from './checkout-page';
import { lookupObject, type SandboxContext } from './context';
import { invalidApiKey, missingApiKey, StripeApiError, unrecognizedUrl } from './errors';
import { API_VERSION } from './events';
import { applyExpand } from './expand';
import { ParamReader, parseBody, parseForm } from './form-encoding';
import { messagePage } from './html';
import { readBody, sendHtml, sendJson } from './http';
import { newId } from './ids';
import { checkParams } from './param-spec';
import { showPortal, submitPortal } from './portal-page';
import { sendInvoicePdf, showInvoicePage } from './invoice-page';
import { invoiceRoutes } from './invoice-routes';
import { withPageLinks } from './links';
import { handleSandboxControl } from './sandbox-routes';
import { sessionRoutes } from './session-routes';
import { subscriptionRoutes } from './subscription-routes';

const ROUTES: readonly ApiRoute[] = [...apiRoutes, ...invoiceRoutes, ...sessionRoutes, ...subscriptionRoutes];

/** Any test-mode key is accepted; Stripe also takes the key as the Basic auth user name. */
function authenticate(header: string | undefined): void {
  if (!header) throw missingApiKey();
  const [scheme = '', credentials = ''] = header.trim().split(/\s+/, 2);
  const key = /^basic$/i.test(scheme) ? Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? '' : /^bearer$/i.test(scheme) ? credentials : '';
  if (key === '') throw missingApiKey();
  if (!/^(sk|rk)_test_/.test(key)) throw invalidApiKey(key);
}

const idempotencyConflict = (key: string) =>
  new StripeApiError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );

function handleApi(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
  const method = req.method ?? 'GET';
  const requestId = newId('req', 14);
  const version = typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : API_VERSION;
  const headers = { 'Request-Id': requestId, 'Stripe-Version': version };
  const key = method === 'POST' && typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
  try {
    authenticate(req.headers.authorization);
    const match = ROUTES.map((route) => ({ route, found: route.method === method ? route.pattern.exec(url.pathname) : null })).find((m) => m.found);
    if (!match?.found) throw unrecognizedUrl(method, url.pathname);
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}?${url.search}\n${raw}`).digest('hex');
    const previous = key ? ctx.state.idempotency[key] : undefined;
    if (previous && previous.fingerprint !== fingerprint) throw idempotencyConflict(key ?? '');
    if (previous) return sendJson(res, previous.status, withPageLinks(JSON.parse(previous.body), ctx.options.publicUrl), { 'Request-Id': previous.requestId, 'Stripe-Version': version, 'Idempotent-Replayed': 'true' });

    const given = { ...parseForm(url.search.slice(1)), ...parseBody(req.headers['content-type'], raw) };
    checkParams(given, match.route.params);
    const params = new ParamReader(given);
    const expand = params.strings('expand');
    const origin = { requestId, idempotencyKey: key };
    try {
      const result = match.route.handle(ctx, { method, params, pathParams: match.found.slice(1), expand, origin });
      const answer = applyExpand(result, expand, (id) => lookupObject(ctx, id));
      // Kept with links as paths, so a replay after a restart on another port links to the new one.
      if (key) remember(ctx, key, fingerprint, 200, JSON.stringify(answer), requestId);
      sendJson(res, 200, withPageLinks(answer, ctx.options.publicUrl), headers);
    } catch (error) {
      // Stripe keeps the outcome of a request that reached the charge, such as a declined card.
      if (key && error instanceof StripeApiError && error.status === 402) remember(ctx, key, fingerprint, 402, JSON.stringify(error.toBody(), null, 2), requestId);
      throw error;
    }
  } catch (error) {
    if (error instanceof StripeApiError) return sendJson(res, error.status, error.toBody(), headers);
    console.error(`[billing-sandbox] ${method} ${url.pathname} failed`, error);
    sendJson(res, 500, { error: { type: 'api_error', message: 'An unexpected error occurred in the billing sandbox.' } }, headers);
  }
}

function remember(ctx: SandboxContext, key: string, fingerprint: string, status: number, body: string, requestId: string): void {
  ctx.state.idempotency[key] = { at: Date.now(), fingerprint, status, body, requestId };
  ctx.store.save();
}

function handlePage(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, raw: string): void {
  const method = req.method ?? 'GET';
  const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
  const portal = /^\/billing_portal\/([^/]+)(\/[a-z-]+)?$/.exec(url.pathname);
  const invoice = /^\/invoice\/([\w-]+)(\/pdf)?$/.exec(url.pathname);
  const form = () => new ParamReader(parseBody(req.headers['content-type'], raw));
  if (checkout?.[1] && method === 'GET') return showCheckout(ctx, res, checkout[1]);
  if (checkout?.[1] && method === 'POST') return submitCheckout(ctx, res, checkout[1], form());
  if (portal?.[1] && method === 'GET') return showPortal(ctx, res, portal[1], portal[2] ?? '', new ParamReader(parseForm(url.search.slice(1))));
  if (portal?.[1] && method === 'POST') return submitPortal(ctx, res, portal[1], portal[2] ?? '', form());
  if (invoice?.[1] && method === 'GET') return invoice[2] ? sendInvoicePdf(ctx, res, invoice[1]) : showInvoicePage(ctx, res, invoice[1]);
  sendHtml(res, 404, messagePage('Page not found', 'There is nothing at this address.'));
}

/** Stripe's API under /v1, hosted checkout and portal pages, and the sandbox's own controls. */
export function createSandboxServer(ctx: SandboxContext): Server {
  return createServer((req, res) => {
    void (async () => {
      // A fixed base: the Host header is client input.
      const url = new URL(req.url ?? '/', 'http://billing-sandbox.local');
      try {
        const raw = await readBody(req);
        if (url.pathname.startsWith('/v1/')) return handleApi(ctx, req, res, url, raw);
        if (url.pathname.startsWith('/_sandbox/')) {
          const params = new ParamReader({ ...parseForm(url.search.slice(1)), ...parseBody(req.headers['content-type'], raw) });
          return handleSandboxControl(ctx, res, req.method ?? 'GET', url.pathname, params);
        }
        handlePage(ctx, req, res, url, raw);
      } catch (error) {
        if (res.headersSent) return;
        if (error instanceof StripeApiError) return sendJson(res, error.status, error.toBody(), error.status === 413 ? { Connection: 'close' } : {});
        console.error(`[billing-sandbox] ${req.method} ${url.pathname} failed`, error);
        sendHtml(res, 500, messagePage('Something went wrong', 'The billing sandbox could not handle this request.'));
      }
    })();
  });
}
