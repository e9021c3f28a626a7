import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NoticeClaims } from '../../domain/notice-claims';

/**
 * Notice marks as items of the usage-counters table: one conditional put
 * per claim, so exactly one of any number of racing claims wins. An expired
 * mark the table's TTL has not swept yet is claimed over.
 */
export class DynamoDbNoticeClaimStore implements NoticeClaims {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async claim(id: string, expiresAtSeconds: number): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { id, expiresAt: expiresAtSeconds },
          ConditionExpression: 'attribute_not_exists(id) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': this.nowSeconds() },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async release(id: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { id } }));
  }
}
