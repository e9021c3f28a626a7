import { percentEncode } from './encodings';
import { HOSTILE_STRINGS } from './hostile-values';
import type { SeededRandom } from './seeded-random';

/** Header values go on the wire as bytes; node:http writes each character below U+0100 as its UTF-8, so these arrive as multi-byte text. */
const WIRE_UNICODE = '\u00e9\u00ff\u0085\u00a0';

export interface HeaderVariant {
  variant: string;
  /** Replaces the Content-Type of the body (for the duplicated ones), else added. */
  headers: [string, string][];
  /** The request's own Content-Type is left out (the variant sends its own). */
  replacesContentType?: boolean;
}

export function headerVariants(hasBody: boolean, headerParams: readonly string[], random: SeededRandom): HeaderVariant[] {
  const out: HeaderVariant[] = [
    { variant: 'an 8 KB header value', headers: [['X-Hostile', 'h'.repeat(8 * 1024)]] },
    { variant: 'forty extra headers', headers: Array.from({ length: 40 }, (_, i): [string, string] => [`X-Extra-${i}`, random.alphanumeric(40)]) },
    { variant: 'Accept: application/xml', headers: [['Accept', 'application/xml']] },
    { variant: 'Accept: nothing acceptable', headers: [['Accept', 'image/png;q=1, */*;q=0']] },
    { variant: 'Accept: garbage', headers: [['Accept', `${WIRE_UNICODE};;q=x,,/`]] },
    { variant: 'Accept-Charset: utf-16', headers: [['Accept-Charset', 'utf-16']] },
    { variant: 'Accept-Language: garbage', headers: [['Accept-Language', `${'x'.repeat(500)};q=2`]] },
    { variant: 'unicode in a header value', headers: [['X-Hostile', WIRE_UNICODE]] },
    { variant: 'prototype-named headers', headers: [['__proto__', 'x'], ['constructor', 'y'], ['hasOwnProperty', 'z']] },
  ];
  if (hasBody) {
    out.push(
      { variant: 'Content-Type twice: JSON then text', headers: [['Content-Type', 'application/json'], ['Content-Type', 'text/plain']], replacesContentType: true },
      { variant: 'Content-Type twice: text then JSON', headers: [['Content-Type', 'text/plain'], ['Content-Type', 'application/json']], replacesContentType: true },
      { variant: 'Content-Encoding: gzip on a plain body', headers: [['Content-Encoding', 'gzip']] },
    );
  }
  for (const name of headerParams) {
    for (const value of ['i'.repeat(300), WIRE_UNICODE, '', ' ', 'x'.repeat(8000)]) {
      out.push({ variant: `${name}: ${value.length > 20 ? `${value.length} characters` : JSON.stringify(value)}`, headers: [[name, value]] });
    }
  }
  return out;
}

/** Credentials that are missing, wrong or absurd: the gateway refuses them before any handler runs. */
export function authVariants(auth: 'api-key' | 'cognito'): { variant: string; headers: [string, string][] }[] {
  if (auth === 'api-key') {
    return [
      { variant: 'no API key', headers: [] },
      { variant: 'an unknown API key', headers: [['X-API-Key', 'ff_live_0000000000000000000000000000000000']] },
      { variant: 'an 8 KB API key', headers: [['X-API-Key', 'k'.repeat(8 * 1024)]] },
      { variant: 'a unicode API key', headers: [['X-API-Key', WIRE_UNICODE]] },
    ];
  }
  return [
    { variant: 'no session', headers: [] },
    { variant: 'a forged token', headers: [['Authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']] },
    { variant: 'Basic instead of Bearer', headers: [['Authorization', 'Basic dXNlcjpwYXNz']] },
    { variant: 'an 8 KB token', headers: [['Authorization', `Bearer ${'t'.repeat(8 * 1024)}`]] },
  ];
}

/** Path parameter values, already written for the request line (which takes no raw bytes above 0xff). */
export function pathParamValues(random: SeededRandom): { label: string; raw: string }[] {
  return [
    { label: 'dot-dot segments', raw: '../../etc' },
    { label: 'encoded dot-dot-slash', raw: '..%2F..%2Fetc%2Fpasswd' },
    { label: 'double-encoded traversal', raw: '%252e%252e%252f' },
    { label: 'a 3000-character id', raw: 'i'.repeat(3000) },
    { label: 'an emoji id', raw: percentEncode('🎬🔥') },
    { label: 'a right-to-left override', raw: percentEncode('\u202Eabc') },
    { label: 'an encoded NUL', raw: 'abc%00def' },
    { label: 'a lone surrogate as CESU bytes', raw: '%ED%A0%80' },
    { label: 'a bare percent sign', raw: '%' },
    { label: 'an invalid escape', raw: '%zz' },
    { label: 'invalid UTF-8 bytes', raw: '%FF%FE' },
    { label: 'an upper-case UUID nobody has', raw: random.uuid().toUpperCase() },
    { label: 'a UUID nobody has', raw: random.uuid() },
    { label: 'markup', raw: percentEncode('<script>') },
    { label: 'a single dot', raw: '.' },
  ];
}

/**
 * The strange strings that fit in a request line: an HTTP server refuses a
 * head over its limit (16 KB in Node, 10 KB at API Gateway) before any of
 * our code runs, so the huge ones are sent in bodies, and one query string
 * of 6 KB stands for them here.
 */
const QUERY_STRINGS = HOSTILE_STRINGS.filter(({ value }) => percentEncode(String(value)).length <= 2000);

/** Query strings: each documented parameter with odd values, then unknown, repeated and broken ones. */
export function queryVariants(names: readonly string[], random: SeededRandom, perName: number): { variant: string; query: string }[] {
  const out: { variant: string; query: string }[] = [];
  for (const name of names) {
    for (const { label, value } of random.sample(QUERY_STRINGS, perName)) out.push({ variant: `query ${name} = ${label}`, query: `${name}=${percentEncode(String(value))}` });
    out.push({ variant: `query ${name} twice`, query: `${name}=a&${name}=b` });
    out.push({ variant: `query ${name}[] as a list`, query: `${name}[]=a&${name}[]=b` });
    // Bracketed keys of the caller's making (`metadata[order_id]=A1`): odd keys and values go where an attribute name would.
    const [key, value] = random.sample(QUERY_STRINGS, 2);
    if (key && value) {
      out.push({ variant: `query ${name}[key] with ${key.label} as the key`, query: `${name}[${percentEncode(String(key.value))}]=a` });
      out.push({ variant: `query ${name}[key] = ${value.label}`, query: `${name}[order_id]=${percentEncode(String(value.value))}` });
    }
    out.push({ variant: `query ${name}[key] for two keys`, query: `${name}[a]=1&${name}[b]=2` });
    out.push({ variant: `query ${name}[key] with prototype names`, query: `${name}[__proto__]=x&${name}[constructor]=y` });
  }
  out.push(
    { variant: 'an unknown query parameter', query: 'unexpected=1' },
    { variant: 'broken query escapes', query: `${names[0] ?? 'q'}=%zz%&%=%E0%A4` },
    { variant: 'a 6 KB query string', query: `${names[0] ?? 'q'}=${'q'.repeat(6 * 1024)}` },
    { variant: 'a prototype-named query parameter', query: '__proto__=x&constructor=y' },
  );
  return out;
}
