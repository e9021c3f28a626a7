import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './bundle-layout';
import { lambdaBuildOptions } from './lambda-bundles';
import { OnUsePackages } from './on-use-packages';

/**
 * The packages a function that reads one table cannot do without, and
 * nothing of ours: the DynamoDB document client, the Logger, middy and zod,
 * each used once. Its load is the floor under every such bundle's.
 */
const PACKAGES_ONLY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import * as z from 'zod';
const table = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const logger = new Logger();
const key = z.object({ id: z.string() });
export const handler = middy().handler(async (event) => {
  logger.info('read');
  return table.send(new GetCommand({ TableName: 'table', Key: key.parse(event) }));
});
`;

/** The DynamoDB document client alone: the part of that floor no choice of ours can lower. */
const DYNAMODB_ONLY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const table = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => table.send(new GetCommand({ TableName: 'table', Key: { id: 'id' } }));
`;

const FLOORS = { packages: PACKAGES_ONLY, dynamodb: DYNAMODB_ONLY } as const;

/** A floor built as every function is, into `dir`: the bundle bench prints its load beside the functions'. */
export async function buildPackagesOnly(dir: string, floor: keyof typeof FLOORS = 'packages'): Promise<void> {
  const onUse = new OnUsePackages(lambdaBuildOptions, join(dir, '.stage'));
  try {
    const { metafile } = await build({
      ...lambdaBuildOptions,
      plugins: [onUse.plugin, ...(lambdaBuildOptions.plugins ?? [])],
      stdin: { contents: FLOORS[floor], loader: 'ts', resolveDir: join(repoRoot, 'functions'), sourcefile: `${floor}-only.ts` },
      outdir: dir,
      // With no entry file to name it, the output is named as a function's is.
      entryNames: 'index',
      metafile: true,
    });
    await onUse.placeFor(metafile, join(dir, 'chunks'));
  } finally {
    onUse.dispose();
  }
}
