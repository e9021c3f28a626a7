import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateWindow, RateWindowStore } from './rate-limit';

interface WindowItem {
  id: string;
  windowStart: number;
  count: number;
}

const conditionFailed = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Fixed windows opened by a key's first request, in the usage-counters
 * table. Every step is one conditional write, so however many requests race,
 * exactly `limit` of them are admitted per window.
 */
export class DynamoDbRateWindowStore implements RateWindowStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async take(id: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateWindow> {
    const windowMs = windowSeconds * 1000;
    const cutoff = nowMs - windowMs;
    // A few rounds at most: each lost race means another request moved the window on.
    for (let round = 0; round < 5; round++) {
      try {
        const out = await this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { id },
            UpdateExpression: 'SET #n = #n + :one',
            ConditionExpression: 'windowStart > :cutoff AND #n < :limit',
            ExpressionAttributeNames: { '#n': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':limit': limit },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const item = out.Attributes as WindowItem;
        return { ...standing(true, limit, limit - item.count, item.windowStart + windowMs - nowMs, windowMs), openedAtMs: item.windowStart };
      } catch (error) {
        if (!conditionFailed(error)) throw error;
      }
      try {
        await this.client.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { id, windowStart: nowMs, count: 1, expiresAt: Math.ceil((nowMs + windowMs) / 1000) + 60 },
            ConditionExpression: 'attribute_not_exists(id) OR windowStart <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': cutoff },
          }),
        );
        return { ...standing(true, limit, limit - 1, windowMs, windowMs), openedAtMs: nowMs };
      } catch (error) {
        if (!conditionFailed(error)) throw error;
      }
      const current = await this.read(id);
      if (current && current.windowStart > cutoff && current.count >= limit) {
        return standing(false, limit, 0, current.windowStart + windowMs - nowMs, windowMs);
      }
    }
    // Still contended after every round: refuse for a moment rather than admit beyond the limit.
    return standing(false, limit, 0, 1000);
  }

  async peek(id: string, limit: number, windowSeconds: number, nowMs: number): Promise<RateWindow> {
    const windowMs = windowSeconds * 1000;
    const current = await this.read(id);
    if (!current || current.windowStart <= nowMs - windowMs) return standing(true, limit, limit, windowMs, windowMs);
    return standing(current.count < limit, limit, Math.max(0, limit - current.count), current.windowStart + windowMs - nowMs, windowMs);
  }

  async giveBack(id: string, openedAtMs: number): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: 'SET #n = #n - :one',
          // The same window only: a request of a closed window is no part of the next one's count.
          ConditionExpression: 'windowStart = :opened AND #n > :zero',
          ExpressionAttributeNames: { '#n': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':opened': openedAtMs },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }

  private async read(id: string): Promise<WindowItem | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }));
    return out.Item as WindowItem | undefined;
  }
}

/** The reset never exceeds the window: another instance's clock may run a few ms ahead of ours. */
function standing(allowed: boolean, limit: number, remaining: number, resetMs: number, windowMs = 60_000): RateWindow {
  return { allowed, limit, remaining, resetSeconds: Math.min(windowMs / 1000, Math.max(1, Math.ceil(resetMs / 1000))) };
}
