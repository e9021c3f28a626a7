import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../contracts/resources';
import type { RequestLogEntry, RequestLogStore } from '../../domain/request-logs/request-log';
import { deleteByOwner, ownerIndexOf } from './owned-items';

export class DynamoDbRequestLogStore implements RequestLogStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async append(entry: RequestLogEntry): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: entry }));
  }

  async listByUser(userId: string, limit: number): Promise<RequestLogEntry[]> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'by-user',
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []) as RequestLogEntry[];
  }

  async get(id: string): Promise<RequestLogEntry | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id } }));
    return out.Item as RequestLogEntry | undefined;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.apiLogs), userId);
  }
}
