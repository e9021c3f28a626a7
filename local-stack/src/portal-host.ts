import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { contentSecurityPolicy, originOf, REFERRER_POLICY } from '@frameforge/functions/kernel/contracts/security-headers';
import { safeDecode } from './safe-decode';
import { chooseEncoding, CompressedFiles, isCompressible } from './static-compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

type Extra = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/** Vite names every file under `assets/` by its content hash: a new build never changes one in place. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: revalidated on every load, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * The CloudFront + S3 site locally: static files compressed as CloudFront
 * compresses them, `/config.json`, the SPA's extension-less routes answered
 * with index.html (CloudFront's viewer-request function), and `extra` paths
 * CloudFront would route elsewhere (profile pictures).
 */
export function createPortalHost(distDir: string, config: PortalConfig, extra?: Extra, mediaOrigins: readonly string[] = []): Server {
  const root = normalize(distDir + sep);
  // CloudFront's response headers policy, as deployed (HSTS aside: this host speaks plain HTTP on loopback).
  const security = {
    'Content-Security-Policy': contentSecurityPolicy({
      connect: [config.portalApiUrl, config.productApiUrl, ...(config.userPoolEndpoint ? [config.userPoolEndpoint] : [])].map(originOf),
      media: mediaOrigins.map(originOf),
    }),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
  };
  return createServer((req, res) => {
    const path = safeDecode(new URL(req.url ?? '/', 'http://local').pathname);
    if (extra && (path.startsWith('/profile-pictures/') || path.startsWith('/_storage/'))) {
      void extra(req, res, path).then(
        (handled) => {
          if (!handled) {
            res.writeHead(404);
            res.end();
          }
        },
        () => {
          res.writeHead(502);
          res.end();
        },
      );
      return;
    }
    if (path === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(config));
      return;
    }
    // As the SpaRoutes function: a last segment without a dot is a client-side route.
    const route = !(path.split('/').pop() ?? '').includes('.');
    const candidate = normalize(join(root, path));
    const file = route ? join(root, 'index.html') : candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
    if (!file) {
      res.writeHead(404, { 'Cache-Control': REVALIDATE, ...security });
      res.end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: OutgoingHttpHeaders = { 'Content-Type': type, 'Cache-Control': file.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE, ...security };
    sendFile(req, res, file, headers);
  });
}

const compressed = new CompressedFiles();

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: OutgoingHttpHeaders): void {
  const { size } = statSync(file);
  const compressible = isCompressible(String(headers['Content-Type']), size);
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : null;
  // Caches must keep one copy per encoding of what can be answered compressed.
  const withVary = compressible ? { ...headers, Vary: 'Accept-Encoding' } : headers;
  if (!encoding) {
    res.writeHead(200, { ...withVary, 'Content-Length': size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return;
  }
  compressed.get(file, encoding).then(
    (body) => {
      res.writeHead(200, { ...withVary, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
}
