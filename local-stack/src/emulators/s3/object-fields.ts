import type { IncomingHttpHeaders } from 'node:http';
import type { Limits } from './limits';
import { S3Error } from './s3-error';

/** The request headers S3 keeps with an object and sends back on GET and HEAD. */
export const STORED_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'content-encoding', 'content-language', 'expires'] as const;

export interface ObjectFields {
  headers: Record<string, string>;
  metadata: Record<string, string>;
}

/**
 * What an upload sets on its object, from request headers or POST form fields
 * (lower-case names either way). aws-chunked is only the upload's framing, so
 * S3 drops it from the stored Content-Encoding.
 */
export function objectFields(source: IncomingHttpHeaders | Record<string, string>, limits: Limits): ObjectFields {
  const value = (name: string) => {
    const raw = source[name];
    return Array.isArray(raw) ? raw.join(',') : raw;
  };
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    let stored = value(name);
    if (name === 'content-encoding' && stored !== undefined) {
      stored = stored.split(',').map((e) => e.trim()).filter((e) => e && e !== 'aws-chunked').join(',');
    }
    if (stored) headers[name] = stored;
  }
  const metadata: Record<string, string> = {};
  let metadataBytes = 0;
  for (const name of Object.keys(source)) {
    const stored = value(name);
    if (!name.startsWith('x-amz-meta-') || stored === undefined) continue;
    const short = name.slice('x-amz-meta-'.length);
    metadata[short] = stored;
    metadataBytes += Buffer.byteLength(short) + Buffer.byteLength(stored);
  }
  if (metadataBytes > limits.metadataBytes) {
    throw new S3Error(400, 'MetadataTooLarge', 'Your metadata headers exceed the maximum allowed metadata size', { Size: String(metadataBytes), MaxSizeAllowed: String(limits.metadataBytes) });
  }
  return { headers, metadata };
}

/** Keys are at most 1024 bytes of UTF-8 in S3. */
export function checkKey(key: string, limits: Limits): void {
  if (Buffer.byteLength(key) > limits.keyBytes) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long', { Size: String(Buffer.byteLength(key)), MaxSizeAllowed: String(limits.keyBytes) });
}
