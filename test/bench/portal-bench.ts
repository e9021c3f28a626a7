import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { createPortalHost } from '@frameforge/local-stack/portal-host';
import { buildPortalWithManifest, initialLoad } from '@frameforge/local-stack/portal-initial-load';
import { repoRoot } from '../support/stack-process';

/** Debian's Chromium with the flags this closed network needs (no update, sync or QUIC probes). */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The signed-out pages call no API on load: the config only has to parse and fill the CSP. */
const config: PortalConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_bench',
  userPoolClientId: 'benchclient',
  userPoolEndpoint: 'http://127.0.0.1:9',
  authFlowType: 'USER_SRP_AUTH',
  portalApiUrl: 'http://127.0.0.1:9/',
  productApiUrl: 'http://127.0.0.1:9/',
  prices: { basic: 'price_basic', boost: 'price_boost', elite: 'price_elite' },
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The report of one Lighthouse run. */
type LighthouseResult = NonNullable<Awaited<ReturnType<(typeof import('lighthouse'))['default']>>>['lhr'];

export interface PageRun {
  score: number;
  metrics: Record<'fcp' | 'lcp' | 'tbt' | 'si' | 'cls', number>;
}

export const AUDITS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', si: 'speed-index', cls: 'cumulative-layout-shift' } as const;

/** A Lighthouse result's performance score and metrics. */
export function pageRunOf(lhr: LighthouseResult | undefined, path: string): PageRun {
  const score = lhr?.categories.performance?.score;
  if (!lhr || typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${path}: ${JSON.stringify(lhr?.runtimeError)}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return { score: Math.round(score * 100), metrics: { fcp: metric(AUDITS.fcp), lcp: metric(AUDITS.lcp), tbt: metric(AUDITS.tbt), si: metric(AUDITS.si), cls: metric(AUDITS.cls) } };
}

/**
 * Asks once for every built file in both encodings, as earlier viewers would have: CloudFront
 * answers from its edge cache, and a first compression must not count as server time.
 */
async function warmUp(base: string, dist: string): Promise<void> {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css|html|svg)$/.test(f));
  for (const file of files) {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${base}/${file}`, { headers: { 'Accept-Encoding': encoding } });
      await response.arrayBuffer();
    }
  }
}

export interface PortalBench {
  initialJsGzipBytes: number;
  initialFiles: string[];
  pages: { path: string; runs: PageRun[] }[];
}

/**
 * A production build of the portal (with its manifest) served by the local stack's portal host,
 * which compresses and caches as CloudFront does, measured by Lighthouse with its default mobile
 * settings (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown), `runs` times per page.
 */
export async function benchPortal(runs: number, paths = ['/', '/login']): Promise<PortalBench> {
  const dist = mkdtempSync(join(tmpdir(), 'frameforge-portal-'));
  let host: Server | undefined;
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    buildPortalWithManifest(join(repoRoot, 'frontend'), dist);
    const load = initialLoad(dist);
    host = createPortalHost(dist, config);
    const server = host;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await warmUp(base, dist);
    chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const pages = paths.map((path) => ({ path, runs: [] as PageRun[] }));
    // Interleaved, so a busy moment of the shared machine hurts every page alike.
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        page.runs.push(pageRunOf(result?.lhr, page.path));
      }
    }
    return { initialJsGzipBytes: load.scriptGzipBytes, initialFiles: load.scripts.map((s) => `${s.file} ${(s.gzipBytes / 1024).toFixed(1)} KB`), pages };
  } finally {
    chrome?.kill();
    const server = host;
    if (server) await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  }
}

/** The bench's lines: sizes, then each page's median score and metrics over the runs. */
export function portalBenchRows(bench: PortalBench): string[] {
  const rows = [`  initial JavaScript of the landing page  ${(bench.initialJsGzipBytes / 1024).toFixed(1)} KB gzip (budget 150 KB)`];
  for (const file of bench.initialFiles) rows.push(`      ${file}`);
  return [...rows, ...lighthouseRows(bench.pages)];
}

/** Each page's median Lighthouse score and metrics over its runs. */
export function lighthouseRows(pages: PortalBench['pages']): string[] {
  const rows: string[] = [];
  for (const { path, runs } of pages) {
    const m = (key: keyof PageRun['metrics']) => median(runs.map((r) => r.metrics[key]));
    rows.push(
      `  Lighthouse mobile performance ${path.padEnd(8)} median ${median(runs.map((r) => r.score))} (runs ${runs.map((r) => r.score).join(', ')}; target 90)` +
        `  FCP ${(m('fcp') / 1000).toFixed(2)} s  LCP ${(m('lcp') / 1000).toFixed(2)} s  TBT ${m('tbt').toFixed(0)} ms  SI ${(m('si') / 1000).toFixed(2)} s  CLS ${m('cls').toFixed(3)}`,
    );
  }
  return rows;
}
