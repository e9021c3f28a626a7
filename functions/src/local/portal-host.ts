import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { PortalConfig } from '../contracts/portal-config';
import { contentSecurityPolicy, originOf, REFERRER_POLICY } from '../contracts/security-headers';
import { safeDecode } from './safe-decode';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

type Extra = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/**
 * The CloudFront + S3 site locally: static files, `/config.json`, the SPA
 * fallback to index.html, and `extra` paths CloudFront would route elsewhere
 * (profile pictures).
 */
export function createPortalHost(distDir: string, config: PortalConfig, extra?: Extra): Server {
  const root = normalize(distDir + sep);
  // CloudFront's response headers policy, as deployed (HSTS aside: this host speaks plain HTTP on loopback).
  const security = {
    'Content-Security-Policy': contentSecurityPolicy({
      connect: [config.portalApiUrl, config.productApiUrl, ...(config.userPoolEndpoint ? [config.userPoolEndpoint] : [])].map(originOf),
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
    const candidate = normalize(join(root, path));
    const inside = candidate.startsWith(root);
    const file = inside && existsSync(candidate) && statSync(candidate).isFile() ? candidate : join(root, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${sep}assets${sep}`);
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache', ...security });
    createReadStream(file).pipe(res);
  });
}
