import type { IncomingMessage, ServerResponse } from 'node:http';
import { S3Error, errors } from './s3-error';
import { elements, texts, xmlDocument } from './xml';

/** One rule of a bucket's CORS configuration, as PutBucketCors and the CDK describe it. */
export interface CorsRule {
  allowedOrigins: string[];
  allowedMethods: string[];
  allowedHeaders?: string[];
  exposeHeaders?: string[];
  maxAgeSeconds?: number;
}

/** S3 allows one `*` in an origin or header pattern. */
function matches(pattern: string, value: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === value;
  const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
  return value.length >= head.length + tail.length && value.startsWith(head) && value.endsWith(tail);
}

/** The first rule that allows the origin, the method and every requested header, as S3 picks it. */
export function matchRule(rules: CorsRule[], origin: string, method: string, headers: string[]): CorsRule | undefined {
  return rules.find(
    (rule) =>
      rule.allowedOrigins.some((pattern) => matches(pattern, origin)) &&
      rule.allowedMethods.includes(method) &&
      headers.every((header) => (rule.allowedHeaders ?? []).some((pattern) => matches(pattern.toLowerCase(), header.toLowerCase()))),
  );
}

function allowHeaders(res: ServerResponse, rule: CorsRule, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', rule.allowedOrigins.includes('*') ? '*' : origin);
  res.setHeader('Access-Control-Allow-Methods', rule.allowedMethods.join(', '));
  if (rule.exposeHeaders?.length) res.setHeader('Access-Control-Expose-Headers', rule.exposeHeaders.join(', '));
  if (rule.maxAgeSeconds !== undefined) res.setHeader('Access-Control-Max-Age', String(rule.maxAgeSeconds));
  if (!rule.allowedOrigins.includes('*')) res.setHeader('Access-Control-Allow-Credentials', 'true');
}

/** On an actual request from a page: the CORS headers of the matching rule, set before any answer (errors too). */
export function applyCors(req: IncomingMessage, res: ServerResponse, rules: CorsRule[] | undefined): void {
  const origin = req.headers.origin;
  if (!origin || !rules) return;
  res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
  const rule = matchRule(rules, origin, req.method ?? 'GET', []);
  if (rule) allowHeaders(res, rule, origin);
}

/** Answers an OPTIONS preflight as S3 does: 200 with the rule's headers, or 403 when no rule allows the request. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, rules: CorsRule[] | undefined): void {
  const origin = req.headers.origin;
  const method = req.headers['access-control-request-method'];
  if (!origin || !method) throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
  if (!rules) throw errors.accessForbidden('CORSResponse: CORS is not enabled for this bucket.');
  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const rule = matchRule(rules, origin, method, requested);
  if (!rule) {
    throw errors.accessForbidden(
      "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
    );
  }
  res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
  allowHeaders(res, rule, origin);
  if (requested.length) res.setHeader('Access-Control-Allow-Headers', requested.join(', '));
  res.writeHead(200, { 'Content-Length': 0 });
  res.end();
}

export function parseCorsXml(xml: string): CorsRule[] {
  const rules = elements(xml, 'CORSRule').map((rule) => {
    const maxAge = texts(rule, 'MaxAgeSeconds')[0];
    return {
      allowedOrigins: texts(rule, 'AllowedOrigin'),
      allowedMethods: texts(rule, 'AllowedMethod'),
      allowedHeaders: texts(rule, 'AllowedHeader'),
      exposeHeaders: texts(rule, 'ExposeHeader'),
      ...(maxAge === undefined ? {} : { maxAgeSeconds: Number(maxAge) }),
    };
  });
  const methods = new Set(['GET', 'PUT', 'HEAD', 'POST', 'DELETE']);
  if (rules.length === 0 || rules.some((r) => r.allowedOrigins.length === 0 || r.allowedMethods.length === 0)) throw errors.malformedXml();
  const unknown = rules.flatMap((r) => r.allowedMethods).find((m) => !methods.has(m));
  if (unknown) throw errors.invalidRequest(`Found unsupported HTTP method in CORS config. Unsupported method is ${unknown}`);
  return rules;
}

export function corsXml(rules: CorsRule[]): string {
  return xmlDocument('CORSConfiguration', {
    CORSRule: rules.map((rule) => ({
      AllowedHeader: rule.allowedHeaders,
      AllowedMethod: rule.allowedMethods,
      AllowedOrigin: rule.allowedOrigins,
      ExposeHeader: rule.exposeHeaders,
      MaxAgeSeconds: rule.maxAgeSeconds,
    })),
  });
}
