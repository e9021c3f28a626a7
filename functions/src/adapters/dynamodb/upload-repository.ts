import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../contracts/resources';
import type { UploadRecord, UploadRepository } from '../../domain/uploads/uploads';
import { deleteByOwner, ownerIndexOf } from './owned-items';

export class DynamoDbUploadRepository implements UploadRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(record: UploadRecord): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: record, ConditionExpression: 'attribute_not_exists(id)' }));
  }

  async get(id: string): Promise<UploadRecord | undefined> {
    if (!/^upl_[A-Za-z0-9]{24}$/.test(id)) return undefined;
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id } }));
    return out.Item as UploadRecord | undefined;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.uploads), userId);
  }
}
