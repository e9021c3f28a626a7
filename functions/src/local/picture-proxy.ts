import type { IncomingMessage, ServerResponse } from 'node:http';
import { readPresignedPostForm } from './presigned-post-form';

/**
 * The same-origin paths that stand in for CloudFront and S3 locally (the S3
 * emulator sends no CORS headers): `GET /profile-pictures/<key>` serves a
 * picture, `POST /_storage/profile-pictures` forwards a presigned POST. The
 * emulator does not check a POST policy's size range, so this does, and
 * answers as S3 would (400 EntityTooLarge).
 */
export function createPictureProxy(options: { s3Endpoint: string; bucket: string }) {
  const bucketUrl = `${options.s3Endpoint.replace(/\/$/, '')}/${options.bucket}`;
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (req.method === 'GET' && path.startsWith('/profile-pictures/')) {
      const key = path.slice('/profile-pictures/'.length);
      if (!/^[A-Za-z0-9_-]+\/\d+\.jpg$/.test(key)) return notFound(res);
      const answer = await fetch(`${bucketUrl}/${key}`);
      if (!answer.ok) return notFound(res);
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' });
      res.end(Buffer.from(await answer.arrayBuffer()));
      return true;
    }
    if (req.method === 'POST' && path === '/_storage/profile-pictures') {
      const body = await readAll(req);
      const form = await readPresignedPostForm(body, req.headers['content-type'] ?? '');
      if (form.maxFileBytes !== undefined && form.fileBytes > form.maxFileBytes) {
        res.writeHead(400, { 'Content-Type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>');
        return true;
      }
      const answer = await fetch(bucketUrl, { method: 'POST', headers: { 'Content-Type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) });
      res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(Buffer.from(await answer.arrayBuffer()));
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

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
