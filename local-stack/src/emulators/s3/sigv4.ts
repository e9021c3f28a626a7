import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The signing primitives of AWS Signature Version 4, as S3 computes them on its side. */

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** RFC 3986 encoding as SigV4 defines it: only A-Z a-z 0-9 - . _ ~ stay as they are. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** `<yyyymmdd>/<region>/<service>/aws4_request`, the part of a credential after the key id. */
export interface CredentialScope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

export function scopeString(scope: CredentialScope): string {
  return `${scope.date}/${scope.region}/${scope.service}/aws4_request`;
}

export function signingKey(secretAccessKey: string, scope: CredentialScope): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, scope.date);
  const regionKey = hmac(dateKey, scope.region);
  return hmac(hmac(regionKey, scope.service), 'aws4_request');
}

export function hmacHex(key: Buffer, data: string): string {
  return hmac(key, data).toString('hex');
}

export interface CanonicalParts {
  method: string;
  /** Already encoded as the signer encoded it. */
  path: string;
  query: [string, string][];
  /** Lower-case names, in the order the client listed them. */
  signedHeaders: string[];
  headerValue: (name: string) => string;
  payloadHash: string;
}

export function canonicalRequest(parts: CanonicalParts): string {
  const query = parts.query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const names = [...parts.signedHeaders].sort(compare);
  const headers = names.map((name) => `${name}:${parts.headerValue(name).replace(/\s+/g, ' ').trim()}\n`).join('');
  return [parts.method, parts.path, query, headers, names.join(';'), parts.payloadHash].join('\n');
}

export function stringToSign(amzDate: string, scope: CredentialScope, canonical: string): string {
  return [ALGORITHM, amzDate, scopeString(scope), sha256Hex(canonical)].join('\n');
}

/** Code-unit order is byte order here: every string compared is ASCII once encoded. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `20240102T030405Z` as a date; undefined when it is not one. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
