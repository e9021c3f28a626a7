import { contentTypeVariants, fieldVariants, multipartVariants, shapeVariants, urlencodedVariants, type BodyVariant } from './body-variants';
import { json } from './encodings';
import type { FuzzOperation } from './operations';
import type { HostileRequest } from './raw-http';
import { authVariants, headerVariants, pathParamValues, queryVariants } from './request-variants';
import type { SeededRandom } from './seeded-random';

export interface Credentials {
  apiKey: string;
  idToken: string;
}

/** How many values each body field meets (JSON ones, plus one in a form encoding). */
const VALUES_PER_FIELD = 3;
const VALUES_PER_QUERY_PARAM = 3;

function credentialHeaders(operation: FuzzOperation, credentials: Credentials): [string, string][] {
  if (operation.auth === 'api-key') return [['X-API-Key', credentials.apiKey]];
  if (operation.auth === 'cognito') return [['Authorization', `Bearer ${credentials.idToken}`]];
  return [];
}

/** The variants of one operation, each a complete request. */
export function operationRequests(operation: FuzzOperation, credentials: Credentials, random: SeededRandom): HostileRequest[] {
  const auth = operation.reach === 'auth-only' ? [] : credentialHeaders(operation, credentials);
  const pathWith = (raw?: string) => operation.path.replace(/\{\w+\}/g, () => raw ?? random.uuid());
  const basePath = pathWith();
  const request = (variant: string, fields: Partial<HostileRequest> = {}): HostileRequest => ({
    api: operation.api,
    operation: operation.label,
    variant,
    method: operation.method,
    path: basePath,
    headers: [...auth],
    ...fields,
  });
  const out: HostileRequest[] = [];
  const fromBody = (body: BodyVariant) => request(body.variant, { headers: [...auth, ...body.headers], ...(body.body ? { body: body.body } : {}) });

  if (operation.reach === 'auth-only') {
    // Without a valid session, whatever else the request carries.
    for (const a of authVariants('cognito')) out.push(request(a.variant, { headers: a.headers }));
    for (const h of headerVariants(false, [], random)) out.push(request(`${h.variant}, no session`, { headers: h.headers }));
    for (const q of queryVariants([], random, 0)) out.push(request(`${q.variant}, no session`, { path: `${basePath}?${q.query}` }));
    return out;
  }

  const baseline = operation.body?.baseline ?? {};
  const baselineBody = json(baseline);
  if (operation.body) {
    out.push(...fieldVariants(operation.body.fields, baseline, random, VALUES_PER_FIELD).map(fromBody));
  }
  if (operation.body || operation.rawBody) {
    // The portal takes JSON alone and refuses any form by its content type, so a few broken forms stand for all there.
    const forms = operation.api === 'product' ? [...multipartVariants(baseline, random), ...urlencodedVariants(baseline)] : [...multipartVariants(baseline, random).slice(0, 5), ...urlencodedVariants(baseline).slice(0, 2)];
    out.push(...[...shapeVariants(baseline, random), ...contentTypeVariants(baseline, random), ...forms].map(fromBody));
  } else {
    out.push(
      request('a JSON body where none is taken', { headers: [...auth, ['Content-Type', 'application/json']], body: json({ unexpected: true }) }),
      request('a broken multipart body where none is taken', { headers: [...auth, ['Content-Type', 'multipart/form-data; boundary=x']], body: Buffer.from('--x\r\nContent-Disposition: form-data\r\n\r\nv') }),
    );
  }
  const headerParams = operation.rawBody ? ['Stripe-Signature'] : operation.headerParams;
  for (const h of headerVariants(Boolean(operation.body || operation.rawBody), headerParams, random)) {
    const bodyHeaders: [string, string][] = operation.body && !h.replacesContentType ? [['Content-Type', 'application/json']] : [];
    out.push(request(h.variant, { headers: [...auth, ...bodyHeaders, ...h.headers], ...(operation.body ? { body: baselineBody } : {}) }));
  }
  if (operation.auth !== 'none') {
    for (const a of authVariants(operation.auth)) {
      out.push(request(a.variant, { headers: [...a.headers, ...(operation.body ? ([['Content-Type', 'application/json']] as [string, string][]) : [])], ...(operation.body ? { body: baselineBody } : {}) }));
    }
  }
  for (const q of queryVariants(operation.query, random, VALUES_PER_QUERY_PARAM)) {
    out.push(request(q.variant, { path: `${basePath}?${q.query}`, ...(operation.body ? { headers: [...auth, ['Content-Type', 'application/json']], body: baselineBody } : {}) }));
  }
  if (operation.pathParams.length) {
    for (const p of pathParamValues(random)) out.push(request(`path ${p.label}`, { path: pathWith(p.raw) }));
  }
  return operation.cap && out.length > operation.cap ? random.sample(out, operation.cap) : out;
}

/** Every operation's variants, shuffled so the two APIs' lanes are both busy all along. */
export function campaign(operations: readonly FuzzOperation[], credentials: Credentials, random: SeededRandom): HostileRequest[] {
  const all = operations.flatMap((operation) => operationRequests(operation, credentials, random));
  return random.sample(all, all.length);
}
