import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The root and every workspace; lint checks that each declares what it imports, this that they agree on the SDK. */
const root = join(__dirname, '..', '..');
const MANIFESTS = ['.', 'functions', 'local-stack', 'containers/worker', 'frontend', 'infra', 'test'];

describe('AWS SDK versions', () => {
  it('asks for each AWS SDK package with one version range everywhere', () => {
    // Mixed floors of one package install several copies of it (two client-s3 copies did). Packages released on
    // their own lines (the utilities, a client published less often) may have floors of their own.
    const ranges = new Map<string, Set<string>>();
    for (const dir of MANIFESTS) {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
        if (name.startsWith('@aws-sdk/')) ranges.set(name, (ranges.get(name) ?? new Set()).add(range));
      }
    }
    const mixed = [...ranges].filter(([, asked]) => asked.size > 1).map(([name, asked]) => `${name}: ${[...asked].join(', ')}`);
    expect(mixed).toEqual([]);
    expect(ranges.size).toBeGreaterThan(10);
  });

  it('locks one copy of each AWS SDK package', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    const copies = new Map<string, Set<string>>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      const name = /node_modules\/(@aws-sdk\/[^/]+)$/.exec(path)?.[1];
      if (name && entry.version) copies.set(name, (copies.get(name) ?? new Set()).add(entry.version));
    }
    expect([...copies].filter(([, versions]) => versions.size > 1).map(([name, versions]) => `${name}: ${[...versions].join(', ')}`)).toEqual([]);
  });
});
