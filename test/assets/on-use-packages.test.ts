import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ON_USE_DIR } from '@frameforge/functions/bundling/on-use-packages';
import { filesLoadedAtStart } from './bundle-code';
import { deployedFunctions } from './cloud-assembly';

/**
 * The modules the AWS SDK imports on use (the credential providers Lambda's
 * own credentials never need, the event-stream codec) are built apart, in
 * `chunks/on-use/`, each behind a small chunk of the function's own that
 * re-exports it: checked here in the folders deploy zips.
 */
const functions = deployedFunctions();
const WRAPPER = new RegExp(`export\\s*\\*\\s*from\\s*"\\./${ON_USE_DIR}/([^"]+\\.mjs)"`);

/** The wrapper chunks of a bundle folder, each with the on-use file it re-exports. */
function wrappersOf(dir: string): { chunk: string; target: string }[] {
  const chunks = join(dir, 'chunks');
  if (!existsSync(chunks)) return [];
  return readdirSync(chunks)
    .filter((name) => name.endsWith('.mjs'))
    .flatMap((name) => {
      const target = WRAPPER.exec(readFileSync(join(chunks, name), 'utf8'))?.[1];
      return target ? [{ chunk: name, target }] : [];
    });
}

describe('packages imported on use', () => {
  it('are beside every function that uses a table, each wrapper pointing at a file that is there, none read at start', () => {
    const withTables = functions.filter((fn) => Object.keys(fn.environment).some((name) => name.startsWith('TABLE_')));
    expect(withTables.length).toBeGreaterThan(20);
    for (const fn of withTables) {
      const wrappers = wrappersOf(fn.assetDir);
      expect([fn.spec.handler, wrappers.some((w) => w.target.startsWith('aws-sdk-credential-provider-sso-'))]).toEqual([fn.spec.handler, true]);
      for (const { target } of wrappers) expect([fn.spec.handler, target, existsSync(join(fn.assetDir, 'chunks', ON_USE_DIR, target))]).toEqual([fn.spec.handler, target, true]);
      const atStart = filesLoadedAtStart(fn.assetDir);
      expect([fn.spec.handler, atStart.filter((file) => file.includes(`/${ON_USE_DIR}/`) || wrappers.some((w) => file.endsWith(w.chunk)))]).toEqual([fn.spec.handler, []]);
    }
  });

  it('load from a copy of the folder, as from /var/task, and give what the SDK reads from them', () => {
    const fn = functions.find((f) => f.spec.handler === 'product/get-task');
    if (!fn) throw new Error('product/get-task is not in the cloud assembly');
    const task = mkdtempSync(join(tmpdir(), 'on-use-'));
    try {
      cpSync(fn.assetDir, task, { recursive: true });
      const script = `
        import { readdirSync } from 'node:fs';
        const dir = ${JSON.stringify(join(task, 'chunks'))};
        const found = {};
        for (const name of readdirSync(dir).filter((n) => n.endsWith('.mjs') && !n.startsWith('chunk-'))) {
          const module = await import(dir + '/' + name);
          for (const [key, value] of Object.entries(module)) if (typeof value === 'function' || (key === 'default' && value)) found[key] = typeof value;
        }
        console.log(JSON.stringify(found));`;
      const found = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })) as Record<string, string>;
      // The names the SDK's credential chain and its user-agent parser take from them.
      for (const name of ['fromSSO', 'fromIni', 'fromProcess', 'fromTokenFile', 'fromHttp', 'fromContainerMetadata', 'fromInstanceMetadata']) expect([name, found[name]]).toEqual([name, 'function']);
      expect(found.default).toBeDefined();
    } finally {
      rmSync(task, { recursive: true, force: true });
    }
  });
});
