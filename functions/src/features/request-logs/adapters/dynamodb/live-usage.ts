import { BatchGetCommand, GetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RATE_WINDOW_SECONDS, windowId } from '../../../../kernel/limits/rate-limit';
import type { LiveUsage, MinuteWindow } from '../../domain/usage-breakdown';
import { slotsId } from '../../../jobs/adapters/dynamodb/job-slot-store';

/**
 * Reads, never writes, the items the rate limiter and the job slots keep in
 * the usage-counters table: a window still open, and holders whose lease
 * still runs.
 */
export class DynamoDbLiveUsage implements LiveUsage {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async minuteWindows(keyIds: readonly string[], nowMs: number): Promise<ReadonlyMap<string, MinuteWindow>> {
    const windowMs = RATE_WINDOW_SECONDS * 1000;
    const windows = new Map<string, MinuteWindow>();
    for (let i = 0; i < keyIds.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = keyIds.slice(i, i + 100).map((id) => ({ id: windowId(id) }));
      for (let round = 0; keys?.length && round < 5; round++) {
        const out: BatchGetCommandOutput = await this.client.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }));
        for (const item of out.Responses?.[this.tableName] ?? []) {
          const start = Number(item.windowStart);
          if (!(start > nowMs - windowMs)) continue;
          windows.set(String(item.id).slice(windowId('').length), { used: Number(item.count ?? 0), resetsInMs: start + windowMs - nowMs });
        }
        keys = out.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return windows;
  }

  async runningJobs(userId: string, nowMs: number): Promise<number> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id: slotsId(userId) } }));
    const holders = (out.Item?.holders ?? {}) as Record<string, unknown>;
    return Object.values(holders).filter((until) => Number(until) > nowMs).length;
  }
}
