import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './bundle-layout';
import { lambdaBuildOptions } from './lambda-bundles';

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

/** PACKAGES_ONLY built as every function is, into `dir`: the floor the bundle bench prints. */
export async function buildPackagesOnly(dir: string): Promise<void> {
  await build({
    ...lambdaBuildOptions,
    stdin: { contents: PACKAGES_ONLY, loader: 'ts', resolveDir: join(repoRoot, 'functions'), sourcefile: 'packages-only.ts' },
    outdir: dir,
    // With no entry file to name it, the output is named as a function's is.
    entryNames: 'index',
  });
}
