import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileRecord, ProfileRepository } from '../../domain/profile';

export class DynamoDbProfileRepository implements ProfileRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(userId: string): Promise<ProfileRecord | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { userId }, ConsistentRead: true }));
    return out.Item as ProfileRecord | undefined;
  }

  /** One UpdateItem: it updates the row or creates it, setting only what changed and updatedAt. */
  async update(userId: string, changes: Partial<Omit<ProfileRecord, 'userId'>>, at: string): Promise<ProfileRecord> {
    const entries = Object.entries({ ...changes, updatedAt: at }).filter(([, value]) => value !== undefined);
    const set = entries.filter(([, value]) => value !== null);
    const remove = entries.filter(([, value]) => value === null);
    const names = Object.fromEntries(entries.map(([key], i) => [`#a${i}`, key]));
    const nameOf = (key: string) => `#a${entries.findIndex(([k]) => k === key)}`;
    const expression = [
      set.length ? `SET ${set.map(([key]) => `${nameOf(key)} = :${key}`).join(', ')}` : '',
      remove.length ? `REMOVE ${remove.map(([key]) => nameOf(key)).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const out = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { userId },
        UpdateExpression: expression,
        ExpressionAttributeNames: names,
        ...(set.length ? { ExpressionAttributeValues: Object.fromEntries(set.map(([key, value]) => [`:${key}`, value])) } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ProfileRecord;
  }

  async delete(userId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { userId } }));
  }
}
