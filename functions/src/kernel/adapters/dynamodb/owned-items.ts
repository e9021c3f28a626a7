import { BatchWriteCommand, QueryCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TableDefinition } from '../../contracts/resources';

type Key = Record<string, unknown>;

/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;
const ROUNDS = 8;

/**
 * Deletes items by primary key, 25 to a request, retrying what the table
 * left unprocessed (throttling) with a growing pause. A key with no item is
 * simply nothing to do, which is what makes a repeated deletion safe.
 */
export async function deleteKeys(client: DynamoDBDocumentClient, tableName: string, keys: readonly Key[]): Promise<void> {
  const batches: Key[][] = [];
  for (let i = 0; i < keys.length; i += BATCH) batches.push(keys.slice(i, i + BATCH));
  // A few batches at a time: fast for a few hundred keys without bursting the table.
  for (let i = 0; i < batches.length; i += 4) {
    await Promise.all(batches.slice(i, i + 4).map((batch) => deleteBatch(client, tableName, batch)));
  }
}

async function deleteBatch(client: DynamoDBDocumentClient, tableName: string, batch: Key[]): Promise<void> {
  let pending: Key[] = batch;
  for (let round = 0; pending.length > 0; round++) {
    if (round === ROUNDS) throw new Error(`${pending.length} items of ${tableName} were left unprocessed`);
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
    const out: BatchWriteCommandOutput = await client.send(
      new BatchWriteCommand({ RequestItems: { [tableName]: pending.map((Key) => ({ DeleteRequest: { Key } })) } }),
    );
    pending = (out.UnprocessedItems?.[tableName] ?? []).map((request) => request.DeleteRequest?.Key).filter((key): key is Key => key !== undefined);
  }
}

export interface OwnerIndex {
  indexName: string;
  /** The index's partition key, holding the owner's id. */
  ownerAttribute: string;
  /** The table's primary key attributes. */
  keyAttributes: readonly string[];
}

/** The primary keys of every item whose owner attribute holds `owner`, page by page of the index. */
export async function keysByOwner(client: DynamoDBDocumentClient, tableName: string, index: OwnerIndex, owner: string): Promise<Key[]> {
  const keys: Key[] = [];
  const names = Object.fromEntries([index.ownerAttribute, ...index.keyAttributes].map((name, i) => [`#k${i}`, name]));
  let cursor: Key | undefined;
  do {
    const page: QueryCommandOutput = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.indexName,
        KeyConditionExpression: '#k0 = :owner',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':owner': owner },
        ProjectionExpression: index.keyAttributes.map((_, i) => `#k${i + 1}`).join(', '),
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) keys.push(Object.fromEntries(index.keyAttributes.map((name) => [name, item[name]])));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return keys;
}

/** Deletes every item of `owner` found through the index. */
export async function deleteByOwner(client: DynamoDBDocumentClient, tableName: string, index: OwnerIndex, owner: string): Promise<void> {
  await deleteKeys(client, tableName, await keysByOwner(client, tableName, index, owner));
}

/** A table's index of owners, read from its shared definition. */
export function ownerIndexOf(table: TableDefinition, indexName = 'by-user'): OwnerIndex {
  const index = table.globalIndexes.find((candidate) => candidate.indexName === indexName);
  if (!index) throw new Error(`The ${table.id} table has no ${indexName} index`);
  return { indexName, ownerAttribute: index.partitionKey.name, keyAttributes: [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])] };
}
