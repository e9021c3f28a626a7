import type { Metafile } from 'esbuild';
import { bundleClosures, forbiddenIn, packageOf } from './bundle-closure';
import { featureRooms, workerClosure, roomOf, strayRooms } from './feature-rooms';

type Imports = Metafile['outputs'][string]['imports'];

const output = (entryPoint: string | undefined, inputs: Record<string, number>, imports: Imports = []): Metafile['outputs'][string] => ({
  bytes: 100,
  ...(entryPoint ? { entryPoint } : {}),
  imports,
  exports: [],
  inputs: Object.fromEntries(Object.entries(inputs).map(([path, bytesInOutput]) => [path, { bytesInOutput }])),
});

const metafile: Metafile = {
  inputs: {},
  outputs: {
    'product/get-task/index.mjs': output('functions/src/features/jobs/handlers/product/get-task.ts', {
      'functions/src/features/jobs/handlers/product/get-task.ts': 10,
      'functions/src/features/jobs/domain/task-reads.ts': 20,
      'functions/src/kernel/http/responses.ts': 5,
      'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js': 30,
      'node_modules/zod/v4/core.js': 7,
    }),
    'product/cut/index.mjs': output(
      'functions/src/features/jobs/handlers/product/cut.ts',
      {
        'functions/src/features/jobs/handlers/product/cut.ts': 10,
        'functions/src/kernel/http/responses.ts': 5,
        'functions/src/kernel/http/types-only.ts': 0,
        'node_modules/@aws-sdk/client-sqs/dist-es/index.js': 40,
      },
      [
        { path: 'product/cut/chunks/chunk-A1.mjs', kind: 'import-statement' },
        { path: 'product/cut/chunks/ses-client-X1.mjs', kind: 'dynamic-import' },
        { path: 'node:http', kind: 'require-call', external: true },
      ],
    ),
    // Shared with the chunk loaded on use, so split out of the entry: loaded at start all the same.
    'product/cut/chunks/chunk-A1.mjs': output(undefined, { 'node_modules/a/node_modules/busboy/lib/main.js': 9 }),
    // Loaded on use, but the function's all the same; as a dynamic import's target, esbuild names the module it starts from.
    'product/cut/chunks/ses-client-X1.mjs': output(
      'functions/src/features/notifications/adapters/ses/ses-client.ts',
      { 'node_modules/@aws-sdk/client-sesv2/dist-es/index.js': 12, 'functions/src/features/notifications/adapters/ses/ses-email-sender.ts': 3 },
      [{ path: 'product/cut/chunks/chunk-A1.mjs', kind: 'import-statement' }],
    ),
    'product/cut/chunks/ses-client-X1.mjs.map': output(undefined, {}),
  },
};

describe('bundle closures', () => {
  it('names packages, nested ones and scoped ones', () => {
    expect(packageOf('node_modules/@aws-sdk/client-s3/dist-es/x.js')).toBe('@aws-sdk/client-s3');
    expect(packageOf('node_modules/a/node_modules/busboy/lib/main.js')).toBe('busboy');
    expect(packageOf('functions/src/kernel/http/responses.ts')).toBeUndefined();
  });

  it('sums each package’s bytes and lists our modules that made it into the output', () => {
    const [task, cut] = bundleClosures(metafile);
    expect(task?.handler).toBe('product/get-task');
    expect(task?.packages.get('@aws-sdk/client-dynamodb')).toBe(30);
    expect(task?.feature).toBe('jobs');
    expect(cut?.modules).toEqual(['features/jobs/handlers/product/cut.ts', 'features/notifications/adapters/ses/ses-email-sender.ts', 'kernel/http/responses.ts']);
    expect(cut?.packages.get('@aws-sdk/client-sesv2')).toBe(12);
    expect(cut?.bytes).toBe(300);
  });

  it('splits what a cold start loads (the static imports, chunks included) from what is loaded on use', () => {
    const closures = bundleClosures(metafile);
    // One closure per function: a chunk's entry point does not make it a function.
    expect(closures.map((c) => c.handler)).toEqual(['product/get-task', 'product/cut']);
    const cut = closures[1];
    expect(cut?.atStartBytes).toBe(200);
    expect([...(cut?.atStartPackages ?? [])]).toEqual([
      ['@aws-sdk/client-sqs', 40],
      ['busboy', 9],
    ]);
    expect([...(cut?.onUsePackages ?? [])]).toEqual([['@aws-sdk/client-sesv2', 12]]);
  });

  it('finds the sending and multipart code a read must not hold', () => {
    const [task, cut] = bundleClosures(metafile);
    expect(forbiddenIn(task!)).toEqual([]);
    expect(forbiddenIn(cut!)).toEqual(['SQS', 'SES', 'multipart']);
  });

  it('gives each feature the rooms only it uses, and what it shares', () => {
    const keyList = output('functions/src/features/api-keys/handlers/portal/list-api-keys.ts', {
      'functions/src/features/api-keys/handlers/portal/list-api-keys.ts': 10,
      'functions/src/features/jobs/domain/task-reads.ts': 20,
      'functions/src/kernel/http/responses.ts': 5,
    });
    const closures = bundleClosures({ ...metafile, outputs: { ...metafile.outputs, 'portal/list-api-keys/index.mjs': keyList } });
    const rooms = featureRooms([...closures, workerClosure(['kernel/http/responses.ts', 'features/jobs/domain/job.ts'])]);
    expect(rooms.map((r) => r.feature)).toEqual(['api-keys', 'jobs']);
    const [keys, jobs] = rooms;
    expect(jobs).toMatchObject({ handlers: ['ffmpeg worker', 'product/cut', 'product/get-task'], ownRooms: ['features/jobs', 'features/notifications'] });
    expect([...(jobs?.sharedRooms ?? [])]).toEqual([['features/jobs', 1], ['kernel', 1]]);
    expect(keys).toMatchObject({ ownRooms: ['features/api-keys'] });
    // The SES sender only jobs' bundles hold sits in notifications' room: a change to jobs would touch two rooms.
    expect(strayRooms(rooms)).toEqual(['jobs: features/notifications/adapters/ses/ses-email-sender.ts']);
    expect(roomOf('kernel/http/responses.ts')).toBe('kernel');
  });
});
