import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as z from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);

export interface LoadedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialLoad {
  /** The entry chunk and every chunk it imports statically (what index.html loads and modulepreloads). */
  scripts: LoadedFile[];
  styles: LoadedFile[];
  scriptGzipBytes: number;
}

/** A production build of the portal into `outDir`, with Vite's manifest (`.vite/manifest.json`). */
export function buildPortalWithManifest(frontendDir: string, outDir: string): void {
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: frontendDir,
    stdio: 'inherit',
    // Jest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function measure(distDir: string, file: string): LoadedFile {
  const body = readFileSync(join(distDir, file));
  return { file, bytes: body.length, gzipBytes: gzipSync(body).length };
}

/**
 * What a first visit downloads before the app can start, read from the build manifest: the
 * index.html entry and its static imports, followed transitively. Lazily imported chunks (routes,
 * the session's libraries, translations) are not part of it.
 */
export function initialLoad(distDir: string): InitialLoad {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`No entry in the build manifest of ${distDir}`);
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  const scripts = [...chunks].map((key) => measure(distDir, manifest[key]?.file ?? key));
  const styles = [...new Set([...chunks].flatMap((key) => manifest[key]?.css ?? []))].map((file) => measure(distDir, file));
  return { scripts, styles, scriptGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

/** The scripts index.html itself names: its module script and its modulepreload links. */
export function scriptsNamedByIndexHtml(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const script = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...script, ...preloads];
}
