import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Limits } from './limits';
import type { MultipartStore } from './multipart-store';
import type { ObjectStore } from './object-store';
import type { RequestTarget } from './request-target';

/** One authenticated request and what the operations need to answer it. */
export interface S3Request {
  req: IncomingMessage;
  res: ServerResponse;
  target: RequestTarget;
  /** What the signer said of the body: a hex sha256, UNSIGNED-PAYLOAD or a STREAMING-… framing. */
  payloadHash: string;
  store: ObjectStore;
  uploads: MultipartStore;
  limits: Limits;
}

/** A request that names a bucket (and maybe a key). */
export interface BucketRequest extends S3Request {
  bucket: string;
}

export interface ObjectRequest extends BucketRequest {
  key: string;
}

export function sendXml(res: ServerResponse, status: number, body: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { ...headers, 'Content-Length': 0 });
  res.end();
}
