import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from './emulators';

/**
 * The same-origin paths that stand in for CloudFront locally.
 * `GET /profile-pictures/<key>` serves a picture, read with a signed request
 * as CloudFront's origin access control reads the private bucket.
 * `POST /_storage/profile-pictures` passes a presigned POST through to the
 * bucket as the browser sent it, streamed: the S3 emulator checks its
 * signature, policy and size range and answers as S3 would.
 */
export function createPictureProxy(options: { s3Endpoint: string; bucket: string }) {
  const client = new S3Client({ region: 'us-east-1', endpoint: options.s3Endpoint, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
  const bucketUrl = new URL(`${options.s3Endpoint.replace(/\/$/, '')}/${options.bucket}`);
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (req.method === 'GET' && path.startsWith('/profile-pictures/')) {
      const key = path.slice('/profile-pictures/'.length);
      if (!/^[A-Za-z0-9_-]+\/\d+\.jpg$/.test(key)) return notFound(res);
      let body: Readable;
      try {
        body = (await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }))).Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) return notFound(res);
        throw error;
      }
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' });
      // A viewer that leaves mid-picture has no one to answer.
      await pipeline(body, res).catch(() => undefined);
      return true;
    }
    if (req.method === 'POST' && path === '/_storage/profile-pictures') {
      await forward(req, res, bucketUrl);
      return true;
    }
    return false;
  };
}

function notFound(res: ServerResponse): true {
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
  return true;
}

/** Streams the request to `target` and its answer back; fails (a 502 from the host) only before answering. */
function forward(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': req.headers['content-type'] ?? '' };
    if (req.headers['content-length']) headers['Content-Length'] = req.headers['content-length'];
    const upstream = httpRequest(target, { method: 'POST', headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, {
        'Content-Type': answer.headers['content-type'] ?? 'text/plain',
        ...(answer.headers.etag ? { ETag: answer.headers.etag } : {}),
      });
      pipeline(answer, res).then(resolve, () => resolve());
    });
    upstream.on('error', (error) => (res.headersSent ? resolve() : reject(error)));
    req.pipe(upstream);
  });
}
