import type { IncomingMessage, ServerResponse } from 'node:http';

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
      const limit = policyLimit(body);
      if (limit !== undefined && fileSize(body, req.headers['content-type'] ?? '') > limit) {
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

/** The upper bound of the policy's content-length-range, read from its base64 `Policy` field. */
function policyLimit(body: Buffer): number | undefined {
  const match = /name="Policy"\r\n\r\n([A-Za-z0-9+/=]+)\r\n/.exec(body.toString('latin1'));
  if (!match?.[1]) return undefined;
  try {
    const policy = JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as { conditions?: unknown[] };
    const range = policy.conditions?.find((c): c is [string, number, number] => Array.isArray(c) && c[0] === 'content-length-range');
    return range?.[2];
  } catch {
    return undefined;
  }
}

/** The size of the `file` part of a multipart body. */
function fileSize(body: Buffer, contentType: string): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = boundary ? `--${boundary[1] ?? boundary[2] ?? ''}` : '';
  const text = body.toString('latin1');
  const start = text.search(/name="file"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/);
  if (!marker || start < 0) return body.length;
  const headerEnd = text.indexOf('\r\n\r\n', start) + 4;
  const end = text.indexOf(`\r\n${marker}`, headerEnd);
  return (end < 0 ? text.length : end) - headerEnd;
}
