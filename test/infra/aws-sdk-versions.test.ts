import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The root and every workspace; lint checks that each declares what it imports, this that they agree on the SDK. */
const root = join(__dirname, '..', '..');
const MANIFESTS = ['.', 'functions', 'local-stack', 'containers/worker', 'frontend', 'infra', 'test'];

describe('AWS SDK versions', () => {
  it('asks for one AWS SDK version range everywhere', () => {
    // Mixed floors install several copies of the same client (two client-s3 copies did).
    const ranges = new Set(
      MANIFESTS.flatMap((dir) => {
        const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
        return Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
          .filter(([name]) => name.startsWith('@aws-sdk/'))
          .map(([, range]) => range);
      }),
    );
    expect([...ranges]).toHaveLength(1);
  });
});
