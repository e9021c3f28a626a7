import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { IdempotencyRecord, IdempotencyStore } from '../../domain/idempotency/idempotency';
import { deleteByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';

/** Idempotency keys in their table; the claim is one conditional put, so two racing retries cannot both win. */
export class DynamoDbIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(record: IdempotencyRecord, expiresAtSeconds: number, staleBeforeMs: number, nowMs: number): Promise<'claimed' | IdempotencyRecord> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...record, startedAt: nowMs, expiresAt: expiresAtSeconds },
          ConditionExpression: 'attribute_not_exists(id) OR expiresAt < :nowSeconds OR (#s = :pending AND startedAt < :stale)',
          ExpressionAttributeNames: { '#s': 'state' },
          ExpressionAttributeValues: { ':nowSeconds': Math.floor(nowMs / 1000), ':pending': 'pending', ':stale': staleBeforeMs },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id: record.id }, ConsistentRead: true }));
    // Gone between the two calls (released): the caller sees it as in use and retries.
    return (out.Item as IdempotencyRecord | undefined) ?? { ...record, fingerprint: record.fingerprint, state: 'pending' };
  }

  async complete(id: string, taskId: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: 'SET #s = :done, taskId = :task',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':task': taskId },
      }),
    );
  }

  async release(id: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { id } }));
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.idempotencyKeys), userId);
  }
}
