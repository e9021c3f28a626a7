import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { PortalConfig } from '../contracts/portal-config';
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

/** The CloudFront + S3 site locally: static files, `/config.json`, and the SPA fallback to index.html. */
export function createPortalHost(distDir: string, config: PortalConfig): Server {
  const root = normalize(distDir + sep);
  return createServer((req, res) => {
    const path = safeDecode(new URL(req.url ?? '/', 'http://local').pathname);
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
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
    createReadStream(file).pipe(res);
  });
}
