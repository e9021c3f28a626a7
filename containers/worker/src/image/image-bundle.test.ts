import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildImageBundle, IMAGE_FILES, imageBundleBuilt } from './image-bundle';

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'worker-image-'));
  await buildImageBundle(dir);
}, 60_000);

describe("the worker's image bundle", () => {
  it('holds the worker, its health check and the caption fonts', () => {
    expect(imageBundleBuilt(dir)).toBe(true);
    expect(execFileSync('find', [join(dir, IMAGE_FILES.fonts), '-name', '*.ttf']).toString().split('\n').filter(Boolean).length).toBeGreaterThan(10);
  });

  it('needs no package beside it: the functions entry and every npm package are compiled in', () => {
    const code = readFileSync(join(dir, IMAGE_FILES.worker), 'utf8');
    const required = [...code.matchAll(/require\("([^"./][^"]*)"\)/g)].map((m) => m[1] ?? '');
    // Node's own modules only, but the SDK's optional CRT signer, which it requires in a try for SigV4a alone (unused).
    const optional = new Set(['@aws-sdk/signature-v4-crt']);
    const builtins = new Set(builtinModules);
    expect(required.filter((name) => !name.startsWith('node:') && !builtins.has(name) && !optional.has(name))).toEqual([]);
    expect(code).not.toMatch(/@frameforge\/functions/);
  });

  it('runs its health check by itself: healthy on a fresh heartbeat, not on a missing one', () => {
    const heartbeat = join(dir, 'heartbeat');
    writeFileSync(heartbeat, `${Date.now()}\n`);
    const run = (file: string) => spawnSync(process.execPath, [join(dir, IMAGE_FILES.healthcheck)], { env: { WORKER_HEARTBEAT_FILE: file } }).status;
    expect(run(heartbeat)).toBe(0);
    expect(run(join(dir, 'no-heartbeat'))).toBe(1);
  });
});
