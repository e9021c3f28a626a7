import type { IncomingMessage } from 'node:http';
import { MAX_LAMBDA_EVENT_BYTES, MAX_REQUEST_BYTES } from '@frameforge/functions/kernel/http/gateway-responses';

/** The body went past the request limit (or could never fit in a function's event). */
export class BodyTooLargeError extends Error {
  constructor() {
    super('request body too large');
  }
}

/** The length a request announced, or undefined when it announced none (or chunks its body). */
export function announcedLength(req: IncomingMessage): number | undefined {
  const announced = Number(req.headers['content-length']);
  return Number.isSafeInteger(announced) && announced >= 0 ? announced : undefined;
}

/** Over API Gateway's request limit: refused before anything else looks at the request. */
export const overRequestLimit = (length: number | undefined): boolean => length !== undefined && length > MAX_REQUEST_BYTES;

/**
 * Whether a body of this length cannot fit in a function's event (base64 where
 * the API takes binary bodies, 4 bytes for every 3): the invocation would be
 * refused with 413 whatever the bytes are.
 */
export const overEventLimit = (length: number | undefined, binaryBodies: boolean): boolean =>
  length !== undefined && (binaryBodies ? Math.ceil(length / 3) * 4 : length) > MAX_LAMBDA_EVENT_BYTES;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
      // Far past the limit: stop reading. Up to it, the rest is read and dropped, so the client
      // has sent its whole body and reads the 413 rather than a connection cut mid-upload.
      else if (size > 4 * MAX_REQUEST_BYTES) {
        req.pause();
        reject(new BodyTooLargeError());
      }
    });
    req.on('end', () => (size > MAX_REQUEST_BYTES ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
