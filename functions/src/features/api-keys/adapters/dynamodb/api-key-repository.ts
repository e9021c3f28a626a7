import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { ApiKeyChanges, ApiKeyRecord, ApiKeyRepository } from '../../domain/api-key';
import { deleteByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';

const [byHash, byUser] = tables.apiKeys.globalIndexes;

export class DynamoDbApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(record: ApiKeyRecord): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: record, ConditionExpression: 'attribute_not_exists(id)' }),
    );
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const found = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: byHash.indexName,
        KeyConditionExpression: 'keyHash = :h',
        ExpressionAttributeValues: { ':h': keyHash },
        Limit: 1,
      }),
    );
    const hit = found.Items?.[0] as ApiKeyRecord | undefined;
    if (!hit) return undefined;
    // The index may lag a revocation; the base item is the truth.
    const item = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id: hit.id } }));
    return item.Item as ApiKeyRecord | undefined;
  }

  listActiveByUser(userId: string): Promise<ApiKeyRecord[]> {
    return this.listByUser(userId, true);
  }

  /** Every key of the user, revoked ones included (an account's deletion). */
  listAllByUser(userId: string): Promise<ApiKeyRecord[]> {
    return this.listByUser(userId, false);
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.apiKeys), userId);
  }

  private async listByUser(userId: string, activeOnly: boolean): Promise<ApiKeyRecord[]> {
    const items: ApiKeyRecord[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: byUser.indexName,
          KeyConditionExpression: 'userId = :u',
          ...(activeOnly
            ? { FilterExpression: 'isActive = :t', ExpressionAttributeValues: { ':u': userId, ':t': true } }
            : { ExpressionAttributeValues: { ':u': userId } }),
          ScanIndexForward: false,
          ExclusiveStartKey: cursor,
        }),
      );
      items.push(...((page.Items ?? []) as ApiKeyRecord[]));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return items;
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: 'SET lastUsedAt = :at',
          // Never back in time: two requests of one second, or the authorizer behind a request, write once.
          ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(lastUsedAt) OR attribute_type(lastUsedAt, :null) OR lastUsedAt < :at)',
          ExpressionAttributeValues: { ':at': at, ':null': 'NULL' },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async get(id: string): Promise<ApiKeyRecord | undefined> {
    const item = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }));
    return item.Item as ApiKeyRecord | undefined;
  }

  async revoke(id: string, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          // The sealed secret goes with the revocation: a revoked key can never be revealed again.
          UpdateExpression: 'SET isActive = :f, revokedAt = :at REMOVE sealedKey',
          ConditionExpression: 'isActive = :t',
          ExpressionAttributeValues: { ':f': false, ':t': true, ':at': at },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | undefined> {
    const sets: string[] = [];
    const values: Record<string, unknown> = { ':t': true };
    if (changes.name !== undefined) {
      sets.push('#name = :name');
      values[':name'] = changes.name;
    }
    if (changes.expiresAt !== undefined) {
      sets.push('expiresAt = :expiresAt');
      values[':expiresAt'] = changes.expiresAt;
    }
    try {
      const answer = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: `SET ${sets.join(', ')}`,
          // A revoked key stays as it was revoked.
          ConditionExpression: 'isActive = :t',
          ...(changes.name !== undefined ? { ExpressionAttributeNames: { '#name': 'name' } } : {}),
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return answer.Attributes as ApiKeyRecord | undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
