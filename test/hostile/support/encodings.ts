import { formText } from './hostile-values';

/** Request bodies written by hand, so that they can be as broken as a hostile client makes them. */

export type Fields = Record<string, unknown>;

/** UTF-8 percent-encoding that never throws: a lone surrogate goes out as U+FFFD's bytes, as any UTF-8 encoder sends it. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Lists become repeated fields (`name=a&name=b`), as browsers and curl send them. */
function pairs(fields: Fields): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) out.push([name, formText(item)]);
    else out.push([name, formText(value)]);
  }
  return out;
}

export function urlencoded(fields: Fields): Buffer {
  return Buffer.from(
    pairs(fields)
      .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
      .join('&'),
    'latin1',
  );
}

export interface Part {
  /** The whole Content-Disposition value, or none at all. */
  disposition?: string;
  contentType?: string;
  body: Buffer | string;
}

export const textPart = (name: string, value: string): Part => ({ disposition: `form-data; name="${name}"`, body: value });
export const filePart = (name: string, fileName: string, body: Buffer, contentType = 'video/mp4'): Part => ({
  disposition: `form-data; name="${name}"; filename="${fileName}"`,
  contentType,
  body,
});

export const partsOf = (fields: Fields): Part[] => pairs(fields).map(([name, value]) => textPart(name, value));

/** A multipart body; `close: false` leaves out the closing boundary (a cut-short body). */
export function multipart(boundary: string, parts: readonly Part[], options: { close?: boolean; newline?: string } = {}): Buffer {
  const nl = options.newline ?? '\r\n';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${nl}`;
    if (part.disposition !== undefined) head += `Content-Disposition: ${part.disposition}${nl}`;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}${nl}`;
    chunks.push(Buffer.from(`${head}${nl}`, 'utf8'), typeof part.body === 'string' ? Buffer.from(part.body, 'utf8') : part.body, Buffer.from(nl));
  }
  if (options.close ?? true) chunks.push(Buffer.from(`--${boundary}--${nl}`));
  return Buffer.concat(chunks);
}

export const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');
