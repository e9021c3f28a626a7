import { filePart, json, multipart, partsOf, textPart, urlencoded, type Fields, type Part } from './encodings';
import { ALL_HOSTILE_VALUES, formText, HOSTILE_NON_STRINGS, HOSTILE_STRINGS, UNKNOWN_FIELD_NAMES } from './hostile-values';
import type { SeededRandom } from './seeded-random';

/** A body and the headers that describe it; the campaign adds the path and the credentials. */
export interface BodyVariant {
  variant: string;
  headers: [string, string][];
  body?: Buffer;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const boundaryOf = (random: SeededRandom) => `----hostile${random.alphanumeric(16)}`;

const asJson = (variant: string, value: unknown, contentType = JSON_TYPE): BodyVariant => ({ variant, headers: [['Content-Type', contentType]], body: json(value) });
const rawJson = (variant: string, text: string | Buffer, contentType = JSON_TYPE): BodyVariant => ({
  variant,
  headers: [['Content-Type', contentType]],
  body: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
});
const asMultipart = (variant: string, boundary: string, parts: Part[], options: { close?: boolean; newline?: string } = {}, contentType?: string): BodyVariant => ({
  variant,
  headers: [['Content-Type', contentType ?? `multipart/form-data; boundary=${boundary}`]],
  body: multipart(boundary, parts, options),
});

/** Every field given a wrong, huge or strange value, in JSON and in the form encodings. */
export function fieldVariants(fields: readonly string[], baseline: Fields, random: SeededRandom, perField: number): BodyVariant[] {
  const out: BodyVariant[] = [];
  fields.forEach((field, index) => {
    // Strings and non-strings alternate so every field meets both kinds.
    const values = [...random.sample(HOSTILE_STRINGS, Math.ceil((perField - 1) / 2)), ...random.sample(HOSTILE_NON_STRINGS, Math.floor((perField - 1) / 2))];
    for (const { label, value } of values) out.push(asJson(`json ${field} = ${label}`, { ...baseline, [field]: value }));
    const { label, value } = random.pick(ALL_HOSTILE_VALUES);
    const withValue = { ...baseline, [field]: value };
    if (index % 2 === 0) out.push({ variant: `urlencoded ${field} = ${label}`, headers: [['Content-Type', FORM_TYPE]], body: urlencoded(withValue) });
    else {
      const boundary = boundaryOf(random);
      out.push(asMultipart(`multipart ${field} = ${label}`, boundary, partsOf(withValue)));
    }
  });
  return out;
}

/** Missing and extra fields, empty bodies, bodies that are not JSON or not objects. */
export function shapeVariants(baseline: Fields, random: SeededRandom): BodyVariant[] {
  const out: BodyVariant[] = [asJson('json without any field', {})];
  for (const field of Object.keys(baseline)) {
    const rest = { ...baseline };
    delete rest[field];
    out.push(asJson(`json without ${field}`, rest));
  }
  for (const name of UNKNOWN_FIELD_NAMES) out.push(rawJson(`json with unknown field ${JSON.stringify(name.slice(0, 20))}`, JSON.stringify({ ...baseline }).replace(/^\{/, `{${JSON.stringify(name)}:"x",`).replace(',}', '}')));
  out.push({ variant: 'urlencoded with an unknown field', headers: [['Content-Type', FORM_TYPE]], body: urlencoded({ ...baseline, unexpected_field: 'x' }) });
  const boundary = boundaryOf(random);
  out.push(asMultipart('multipart with an unknown field', boundary, partsOf({ ...baseline, unexpected_field: 'x' })));
  out.push(
    rawJson('empty JSON body', ''),
    { variant: 'empty urlencoded body', headers: [['Content-Type', FORM_TYPE]], body: Buffer.alloc(0) },
    { variant: 'empty multipart body', headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]], body: Buffer.alloc(0) },
    { variant: 'no body and no Content-Type', headers: [] },
    rawJson('empty text/plain body', '', 'text/plain'),
  );
  const invalid: [string, string | Buffer][] = [
    ['unclosed object', '{'],
    ['cut after a key', '{"a":'],
    ['trailing comma', '[1,]'],
    ['single quotes', "{'a':1}"],
    ['bare word', 'nul'],
    ['NUL byte', '\u0000'],
    ['garbage after the object', `${JSON.stringify(baseline)}garbage`],
    ['byte order mark first', `\uFEFF${JSON.stringify(baseline)}`],
    ['duplicate keys', `{"a":1,"a":2,${JSON.stringify(baseline).slice(1)}`],
    ['10000 nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['number beyond double range', `{"x":1e999999,${JSON.stringify(baseline).slice(1)}`],
    ['invalid UTF-8 inside a string', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])],
    ['UTF-16 without a charset', Buffer.from(JSON.stringify(baseline), 'utf16le')],
  ];
  for (const [label, text] of invalid) out.push(rawJson(`invalid JSON: ${label}`, text));
  for (const { label, value } of [
    { label: 'array', value: [] },
    { label: 'number', value: 1 },
    { label: 'string', value: 's' },
    { label: 'boolean', value: true },
    { label: 'JSON null', value: null },
    { label: 'array of the body', value: [baseline] },
  ])
    out.push(asJson(`JSON ${label} instead of an object`, value));
  return out;
}

/** Content types and charsets the API does not take, or takes oddly written. */
export function contentTypeVariants(baseline: Fields, random: SeededRandom): BodyVariant[] {
  const text = JSON.stringify(baseline);
  const form = urlencoded(baseline).toString('latin1');
  const boundary = boundaryOf(random);
  return [
    rawJson('JSON sent as text/plain', text, 'text/plain'),
    rawJson('JSON sent as application/xml', text, 'application/xml'),
    rawJson('JSON sent as text/html', text, 'text/html; charset=utf-8'),
    rawJson('JSON in UTF-16 with its charset', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16'),
    rawJson('JSON with an unknown charset', text, 'application/json; charset=x-unknown-8'),
    rawJson('JSON in latin-1 with its charset', Buffer.from(text, 'latin1'), 'application/json; charset=iso-8859-1'),
    rawJson('JSON as */*', text, '*/*'),
    rawJson('a list of content types', text, 'application/json, text/plain'),
    rawJson('upper-case JSON type', text, 'APPLICATION/JSON'),
    rawJson('a lookalike JSON type', text, 'application/jsonx'),
    rawJson('empty parameters', text, 'application/json;;;;'),
    rawJson('a 3000-character content type', text, `application/${'x'.repeat(3000)}`),
    rawJson('an empty Content-Type', text, ''),
    rawJson('urlencoded in UTF-16', Buffer.from(form, 'utf16le'), `${FORM_TYPE}; charset=utf-16`),
    rawJson('urlencoded with an unknown charset', form, `${FORM_TYPE}; charset=klingon`),
    rawJson('urlencoded with a quoted charset', form, `${FORM_TYPE}; charset="utf-8"`),
    asMultipart('multipart in UTF-16', boundary, partsOf(baseline), {}, `multipart/form-data; boundary=${boundary}; charset=utf-16`),
    asMultipart('multipart without a boundary', boundary, partsOf(baseline), {}, 'multipart/form-data'),
    asMultipart('multipart with an empty boundary', boundary, partsOf(baseline), {}, 'multipart/form-data; boundary='),
    asMultipart('multipart/mixed', boundary, partsOf(baseline), {}, `multipart/mixed; boundary=${boundary}`),
  ];
}

/** Multipart bodies broken the ways clients and attackers break them. */
export function multipartVariants(baseline: Fields, random: SeededRandom): BodyVariant[] {
  const boundary = boundaryOf(random);
  const parts = partsOf(baseline);
  const [first = textPart('x', 'y')] = parts;
  const junk = Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]);
  const whole = multipart(boundary, parts);
  return [
    asMultipart('a text part without a name', boundary, [...parts, { disposition: 'form-data', body: 'orphan' }]),
    asMultipart('a file part without a name', boundary, [...parts, { disposition: 'form-data; filename="a.mp4"', contentType: 'video/mp4', body: junk }]),
    asMultipart('a part without Content-Disposition', boundary, [...parts, { contentType: 'text/plain', body: 'orphan' }]),
    asMultipart('a part with an empty name', boundary, [...parts, textPart('', 'x')]),
    asMultipart('a part name with bidi and NUL', boundary, [...parts, textPart('f\u202Eie\u0000ld', 'x')]),
    asMultipart('a field sent twice', boundary, [...parts, first]),
    asMultipart('every field sent twice', boundary, [...parts, ...parts]),
    asMultipart('cut short: no closing boundary', boundary, parts, { close: false }),
    { variant: 'cut short: inside a part', headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]], body: whole.subarray(0, Math.max(8, Math.floor(whole.length / 2))) },
    { variant: 'cut short: inside the headers of a part', headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]], body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`) },
    asMultipart('two boundary parameters', boundary, parts, {}, `multipart/form-data; boundary=${boundary}; boundary=other`),
    asMultipart('a boundary the body does not use', boundary, parts, {}, 'multipart/form-data; boundary=not-the-one'),
    { variant: 'the boundary line twice in a row', headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]], body: Buffer.concat([Buffer.from(`--${boundary}\r\n`), whole]) },
    asMultipart('bare LF line endings', boundary, parts, { newline: '\n' }),
    asMultipart('a 200-character boundary', 'b'.repeat(200), parts),
    {
      variant: 'a preamble and an epilogue',
      headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]],
      body: Buffer.concat([Buffer.from('preamble text\r\n'), whole, Buffer.from('epilogue \u0000 text')]),
    },
    asMultipart('a part in UTF-16', boundary, [...parts, { disposition: 'form-data; name="note"', contentType: 'text/plain; charset=utf-16', body: Buffer.from('hello', 'utf16le') }]),
    asMultipart('a file part where a text field goes', boundary, [filePart(Object.keys(baseline)[0] ?? 'name', 'x.bin', junk, 'application/octet-stream'), ...parts.slice(1)]),
    asMultipart('150 fields', boundary, [...parts, ...Array.from({ length: 150 }, (_, i) => textPart(`f${i}`, 'x'))]),
    asMultipart('a header line without a colon', boundary, [...parts, { disposition: 'form-data; name="x"\r\nbroken header line', body: 'y' }]),
  ];
}

/** urlencoded bodies with repeated, odd or broken pairs. */
export function urlencodedVariants(baseline: Fields): BodyVariant[] {
  const form = urlencoded(baseline).toString('latin1');
  const [firstName = 'x'] = Object.keys(baseline);
  const firstValue = formText(baseline[firstName] ?? 'x');
  const raw = (variant: string, text: string): BodyVariant => ({ variant, headers: [['Content-Type', FORM_TYPE]], body: Buffer.from(text, 'latin1') });
  return [
    raw('a field sent twice', `${form}&${firstName}=${encodeURIComponent(firstValue)}`),
    raw('broken percent escapes', `${form}&${firstName}=%zz%E0%A4%A&%=%`),
    raw('empty pairs and bare separators', `&&&==&${form}&=&`),
    raw('a key without a value', `${form}&lonely`),
    raw('a 20000-character key', `${form}&${'k'.repeat(20_000)}=v`),
    raw('list brackets on a scalar', `${form}&${firstName}[]=a&${firstName}[]=b`),
    raw('raw bytes above 0x7f', `${form}&${firstName}=\u00ff\u00fe\u00e9`),
  ];
}
