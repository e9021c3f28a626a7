import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { UploadRecord, UploadRepository } from '../../domain/uploads';
import { deleteByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';

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

  async finish(id: string, status: 'completed' | 'aborted', size: number | null): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          // Older records carry no status: they are pending single PUTs.
          ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(#status) OR #status = :pending)',
          UpdateExpression: size === null ? 'SET #status = :status' : 'SET #status = :status, #size = :size',
          ExpressionAttributeNames: { '#status': 'status', ...(size === null ? {} : { '#size': 'size' }) },
          ExpressionAttributeValues: { ':status': status, ':pending': 'pending', ...(size === null ? {} : { ':size': size }) },
        }),
      );
    } catch (error) {
      // Finished already (a repeated completion or abort): it stays as it ended.
      if (!(error instanceof ConditionalCheckFailedException) && (error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.uploads), userId);
  }
}
