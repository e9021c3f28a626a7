import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as z from 'zod';

const ADAPTER = join(__dirname, 'cognito-local-internals.ts');
const STACK_SRC = join(__dirname, '..');
const PRIVATE_IMPORT = /(?:from |require\(|import\()'(cognito-local\/[^']+)'/g;

const privateModulesIn = (source: string): string[] => [...source.matchAll(PRIVATE_IMPORT)].map((match) => match[1] ?? '');

const unresolvable = (specifier: string): boolean => {
  try {
    require.resolve(specifier);
    return false;
  } catch {
    return true;
  }
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

const loadedSchema = z.object({ version: z.string(), undefinedExports: z.array(z.string()) });

/**
 * Loads the adapter as the local stack does (node with tsx), in a process of
 * its own: cognito-local requires ES modules, which jest's module loader
 * cannot. Reports the version constant and any re-export that came out empty.
 */
function loadAdapter(): z.infer<typeof loadedSchema> {
  const script =
    'const m = require(process.argv[1]);' +
    'process.stdout.write(JSON.stringify({ version: m.COGNITO_LOCAL_VERSION, undefinedExports: Object.keys(m).filter((k) => m[k] === undefined) }));';
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script, ADAPTER], { cwd: STACK_SRC, encoding: 'utf8', timeout: 30_000 });
  return loadedSchema.parse(JSON.parse(out));
}

describe('cognito-local internals', () => {
  const adapterModules = privateModulesIn(readFileSync(ADAPTER, 'utf8'));
  // Loaded on first use rather than before all: a module that does not resolve is then named below, not hidden behind a failed load.
  let loaded: z.infer<typeof loadedSchema> | undefined;
  const adapter = () => (loaded ??= loadAdapter());

  it('come from the cognito-local release the adapter was written against', () => {
    const installed = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(require.resolve('cognito-local/package.json'), 'utf8')));
    expect(installed.version).toBe(adapter().version);
  });

  it('all resolve in the installed package, and every name re-exported from them exists', () => {
    expect(adapterModules.length).toBeGreaterThanOrEqual(10);
    expect(adapterModules.filter(unresolvable)).toEqual([]);
    expect(adapter().undefinedExports).toEqual([]);
  });

  it('are imported by the adapter alone', () => {
    const elsewhere = sourceFiles(STACK_SRC)
      .filter((file) => file !== ADAPTER && file !== __filename)
      .filter((file) => privateModulesIn(readFileSync(file, 'utf8')).length > 0)
      .map((file) => relative(STACK_SRC, file));
    expect(elsewhere).toEqual([]);
  });
});
