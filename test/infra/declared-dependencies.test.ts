import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Each workspace declares in its own package.json every package its files
 * import, so none works only because another workspace happens to install it.
 * Type-only packages count when their `@types/` package is declared.
 */
const root = join(__dirname, '..', '..');

interface Workspace {
  dir: string;
  /** Folders and files of the workspace whose imports it must declare. */
  sources: string[];
}

const WORKSPACES: Workspace[] = [
  { dir: '.', sources: ['.eslint.config.mjs'] },
  { dir: 'functions', sources: ['src'] },
  { dir: 'containers/worker', sources: ['src'] },
  { dir: 'frontend', sources: ['src', 'vite.config.ts'] },
  { dir: 'infra', sources: ['bin', 'lib'] },
  { dir: 'test', sources: ['.'] },
];

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts', 'dist', 'cdk.out']);

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (SOURCE.test(path)) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return SOURCE.test(entry.name) ? [join(full, entry.name)] : [];
  });
}

/** `@scope/name/deep/path` → `@scope/name`; `name/deep` → `name`; undefined for relative, builtin and virtual ids. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  if (specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] ?? specifier;
  return builtinModules.includes(name) ? undefined : name;
}

function typesPackageOf(name: string): string {
  return name.startsWith('@') ? `@types/${name.slice(1).replace('/', '__')}` : `@types/${name}`;
}

function declared(dir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return new Set(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {})));
}

/** Every package a workspace's files import, with the first file that imports it. */
function imported(workspace: Workspace): Map<string, string> {
  const found = new Map<string, string>();
  for (const source of workspace.sources) {
    for (const file of filesUnder(join(workspace.dir, source))) {
      const text = readFileSync(file, 'utf8');
      const { importedFiles } = ts.preProcessFile(text, true, true);
      // Loaders handed to a child node (`--import tsx`) are imports of this workspace too.
      const loaders = [...text.matchAll(/'--import',\s*'([^']+)'/g)].map((match) => ({ fileName: match[1] ?? '' }));
      for (const { fileName } of [...importedFiles, ...loaders]) {
        const name = packageOf(fileName);
        if (name && !found.has(name)) found.set(name, relative(root, file));
      }
    }
  }
  return found;
}

/** Relative imports that leave the workspace: another workspace's files, reached around its package's exports. */
function reachesOut(workspace: Workspace): string[] {
  if (workspace.dir === '.') return [];
  const home = join(root, workspace.dir);
  return workspace.sources.flatMap((source) =>
    filesUnder(join(workspace.dir, source)).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.') && relative(home, join(dirname(file), fileName)).startsWith('..'))
        .map(({ fileName }) => `${relative(root, file)} imports ${fileName}`),
    ),
  );
}

describe('declared dependencies', () => {
  it.each(WORKSPACES.map((workspace) => [workspace.dir, workspace] as const))('%s imports other workspaces by package name only', (_dir, workspace) => {
    expect(reachesOut(workspace)).toEqual([]);
  });

  it.each(WORKSPACES.map((workspace) => [workspace.dir, workspace] as const))('%s declares every package it imports', (_dir, workspace) => {
    const own = declared(workspace.dir);
    const undeclared = [...imported(workspace)]
      .filter(([name]) => !own.has(name) && !own.has(typesPackageOf(name)))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(undeclared).toEqual([]);
  });

  it('asks for one AWS SDK version range everywhere', () => {
    // Mixed floors install several copies of the same client (two client-s3 copies did).
    const ranges = new Set(
      WORKSPACES.flatMap(({ dir }) => {
        const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
        return Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
          .filter(([name]) => name.startsWith('@aws-sdk/'))
          .map(([, range]) => range);
      }),
    );
    expect([...ranges]).toHaveLength(1);
  });

  it('finds the imports it checks', () => {
    // Guards the scanner itself: a broken walk would pass every workspace.
    expect([...imported(WORKSPACES[1] as Workspace).keys()]).toEqual(expect.arrayContaining(['zod', '@middy/core', '@aws-sdk/client-s3', 'tsx']));
  });
});
