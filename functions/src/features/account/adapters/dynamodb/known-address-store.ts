import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { KnownAddresses } from '../../domain/email-change-notice';

/** The id of a user's last seen address among the usage-counters table's marks (an account's deletion erases it). */
export const knownAddressId = (userId: string): string => `address#${userId}`;

/**
 * The address each user was last seen with, one item per user in the
 * usage-counters table (no expiry). A conditional put moves it, so of two
 * token issues racing over the same change only one tells the old address.
 */
export class DynamoDbKnownAddressStore implements KnownAddresses {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(userId: string): Promise<string | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id: knownAddressId(userId) }, ConsistentRead: true }));
    const address: unknown = out.Item?.address;
    return typeof address === 'string' ? address : undefined;
  }

  async replace(userId: string, expected: string | undefined, next: string): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { id: knownAddressId(userId), address: next },
          ...(expected === undefined
            ? { ConditionExpression: 'attribute_not_exists(id)' }
            : { ConditionExpression: 'address = :expected', ExpressionAttributeValues: { ':expected': expected } }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
