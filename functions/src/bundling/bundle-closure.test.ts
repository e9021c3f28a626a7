import type { Metafile } from 'esbuild';
import { bundleClosures, forbiddenIn, packageOf } from './bundle-closure';
import { featureRooms } from './feature-rooms';

const output = (entryPoint: string | undefined, inputs: Record<string, number>): Metafile['outputs'][string] => ({
  bytes: 100,
  ...(entryPoint ? { entryPoint } : {}),
  imports: [],
  exports: [],
  inputs: Object.fromEntries(Object.entries(inputs).map(([path, bytesInOutput]) => [path, { bytesInOutput }])),
});

const metafile: Metafile = {
  inputs: {},
  outputs: {
    'product/get-task/index.mjs': output('functions/src/handlers/product/get-task.ts', {
      'functions/src/handlers/product/get-task.ts': 10,
      'functions/src/domain/jobs/task-reads.ts': 20,
      'functions/src/http/responses.ts': 5,
      'node_modules/@aws-sdk/client-dynamodb/dist-es/index.js': 30,
      'node_modules/zod/v4/core.js': 7,
    }),
    'product/cut/index.mjs': output('functions/src/handlers/product/cut.ts', {
      'functions/src/handlers/product/cut.ts': 10,
      'functions/src/http/responses.ts': 5,
      'functions/src/http/types-only.ts': 0,
      'node_modules/@aws-sdk/client-sqs/dist-es/index.js': 40,
      'node_modules/a/node_modules/busboy/lib/main.js': 9,
    }),
    // Loaded on use, but the function's all the same.
    'product/cut/chunks/ses-client-X1.mjs': output(undefined, { 'node_modules/@aws-sdk/client-sesv2/dist-es/index.js': 12, 'functions/src/adapters/ses/ses-email-sender.ts': 3 }),
    'product/cut/chunks/ses-client-X1.mjs.map': output(undefined, {}),
  },
};

describe('bundle closures', () => {
  it('names packages, nested ones and scoped ones', () => {
    expect(packageOf('node_modules/@aws-sdk/client-s3/dist-es/x.js')).toBe('@aws-sdk/client-s3');
    expect(packageOf('node_modules/a/node_modules/busboy/lib/main.js')).toBe('busboy');
    expect(packageOf('functions/src/http/responses.ts')).toBeUndefined();
  });

  it('sums each package’s bytes and lists our modules that made it into the output', () => {
    const [task, cut] = bundleClosures(metafile);
    expect(task?.handler).toBe('product/get-task');
    expect(task?.packages.get('@aws-sdk/client-dynamodb')).toBe(30);
    expect(cut?.modules).toEqual(['adapters/ses/ses-email-sender.ts', 'handlers/product/cut.ts', 'http/responses.ts']);
    expect(cut?.packages.get('@aws-sdk/client-sesv2')).toBe(12);
    expect(cut?.bytes).toBe(200);
  });

  it('finds the sending and multipart code a read must not hold', () => {
    const [task, cut] = bundleClosures(metafile);
    expect(forbiddenIn(task!)).toEqual([]);
    expect(forbiddenIn(cut!)).toEqual(['SQS', 'SES', 'multipart']);
  });

  it('gives each feature the folders only it uses, and what it shares', () => {
    const rooms = featureRooms(bundleClosures(metafile));
    expect(rooms.find((r) => r.feature === 'task-reads')).toMatchObject({ ownFolders: ['domain/jobs', 'handlers/product'], sharedFolders: ['http'] });
    expect(rooms.find((r) => r.feature === 'jobs')).toMatchObject({ ownFolders: ['adapters/ses', 'handlers/product'], sharedFolders: ['http'] });
  });
});
