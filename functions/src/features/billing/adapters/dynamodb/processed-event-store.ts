import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProcessedEventStore } from '../../domain/billing';

/** Stripe retries a delivery for up to three days; ids are kept well beyond that. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

export class DynamoDbProcessedEventStore implements ProcessedEventStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async claim(eventId: string, type: string): Promise<boolean> {
    const at = this.now();
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            eventId,
            type,
            processedAt: at.toISOString(),
            expiresAt: Math.floor(at.getTime() / 1000) + KEEP_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(eventId)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async release(eventId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { eventId } }));
  }
}
