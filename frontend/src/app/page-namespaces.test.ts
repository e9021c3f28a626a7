import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pageNamespaces } from './page-namespaces';

/** The module a relative import names, as the bundler resolves it (.tsx, .ts, folder index). */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return [`${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null;
}

/** Every source file a screen pulls in through relative value imports (type-only imports load nothing). */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
    const next = resolveImport(file, match[1] ?? '');
    if (next) importGraph(next, seen);
  }
  return seen;
}

/** The namespaces named by useTranslation in a file; a bare useTranslation() reads `common`. */
function namespacesUsed(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/useTranslation\(\s*(?:'(\w+)'|\[([^\]]*)\])?\s*\)/g)].flatMap((m) => {
    if (m[1]) return [m[1]];
    if (m[2]) return [...m[2].matchAll(/'(\w+)'/g)].map((n) => n[1] ?? '');
    return ['common'];
  });
}

describe('the texts fetched with each lazily loaded screen', () => {
  it.each(Object.entries(pageNamespaces))('%s: exactly the namespaces its components use, besides common', (screen, listed) => {
    const file = resolveImport(join(__dirname, 'index.ts'), `./${screen}`);
    expect(file).not.toBeNull();
    const used = new Set([...importGraph(file ?? '')].flatMap(namespacesUsed));
    used.delete('common');
    expect([...used].sort()).toEqual([...listed].sort());
  });

  it('sees the namespaces through the imports (the walk is not empty)', () => {
    const graph = importGraph(join(__dirname, 'pages/dashboard-page.tsx'));
    expect([...graph].some((f) => f.includes('features/dashboard/components'))).toBe(true);
  });
});
