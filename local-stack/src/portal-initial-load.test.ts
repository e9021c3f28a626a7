import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPortalWithManifest, initialLoad, scriptsNamedByIndexHtml, type InitialLoad } from './portal-initial-load';

/** The budget: what the landing page loads before it can start, gzipped. */
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

const frontendDir = join(__dirname, '../../frontend');
let dist: string;
let load: InitialLoad;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'portal-build-'));
  buildPortalWithManifest(frontendDir, dist);
  load = initialLoad(dist);
}, 300_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const listing = () => load.scripts.map((s) => `${s.file} ${(s.gzipBytes / 1024).toFixed(1)} KB`).join('\n');

describe("the portal's production build", () => {
  it('loads at most 150 KB of gzipped JavaScript before the first screen can start', () => {
    expect([listing(), load.scriptGzipBytes <= INITIAL_JS_BUDGET_BYTES]).toEqual([listing(), true]);
  });

  it('counts exactly the scripts index.html loads and modulepreloads', () => {
    expect(new Set(scriptsNamedByIndexHtml(dist))).toEqual(new Set(load.scripts.map((s) => s.file)));
  });

  it('leaves Amplify, the routes and every language text out of the first load', () => {
    const initial = load.scripts.map((s) => s.file).join(' ');
    expect(initial).not.toMatch(/amplify|session|landing-page|login-page|dashboard-page|api-docs-page/);
    // Each namespace of each language is a chunk of its own: lazily imported, never in the first load.
    expect(initial).not.toMatch(/(common|landing|auth|layout)-[\w-]+\.js/);
  });
});
