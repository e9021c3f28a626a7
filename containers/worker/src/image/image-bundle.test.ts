import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('starts the worker from the bundle alone: it parses its configuration, reaches its job loop and beats, and the health check sees it', async () => {
    const work = join(dir, 'work');
    mkdirSync(work, { recursive: true });
    writeFileSync(join(dir, 'sealing.key'), Buffer.alloc(32, 7));
    const heartbeat = join(dir, 'worker-heartbeat');
    // Every AWS endpoint on a closed port: the loop's reads fail and are retried, the heartbeat goes on.
    const closed = 'http://127.0.0.1:9';
    const env = {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'sample',
      AWS_SECRET_ACCESS_KEY: 'sample',
      AWS_ENDPOINT_URL: closed,
      ...Object.fromEntries(['TABLE_JOBS', 'TABLE_USAGE_COUNTERS', 'TABLE_USER_PROFILES', 'TABLE_CALLBACK_SECRETS', 'BUCKET_MEDIA'].map((name) => [name, name.toLowerCase()])),
      ...Object.fromEntries(['QUEUE_MEDIA_URL', 'QUEUE_MEDIA_DLQ_URL', 'QUEUE_CALLBACKS_URL'].map((name) => [name, `${closed}/${name.toLowerCase()}`])),
      USER_POOL_ID: 'eu-west-1_sample',
      PORTAL_URL: 'https://portal.example.com',
      SEALING_KEY_FILE: join(dir, 'sealing.key'),
      WORK_DIR: work,
      WORKER_HEARTBEAT_FILE: heartbeat,
    };
    const worker = spawn(process.execPath, [join(dir, IMAGE_FILES.worker)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 20_000;
      while (!existsSync(heartbeat) && worker.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect([worker.exitCode, existsSync(heartbeat), output.slice(-2000)]).toEqual([null, true, expect.stringContaining('worker ready')]);
      const check = spawnSync(process.execPath, [join(dir, IMAGE_FILES.healthcheck)], { env: { WORKER_HEARTBEAT_FILE: heartbeat } });
      expect(check.status).toBe(0);
    } finally {
      worker.kill('SIGKILL');
    }
  }, 30_000);
});
