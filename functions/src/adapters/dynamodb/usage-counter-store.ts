import { BatchGetCommand, GetCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DailyCount, UsageCounters } from '../../domain/request-logs/request-log';

export const QUARTER_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;
/** Daily buckets outlive the 30-day chart; hourly and 15-minute ones the longest "today" (a day and a half, any time zone). */
export const DAY_BUCKET_DAYS = 40;
export const QUARTER_BUCKET_DAYS = 2;

export const totalId = (userId: string) => `stats#${userId}#total`;
export const dayId = (userId: string, date: string) => `stats#${userId}#d#${date}`;
export const quarterId = (userId: string, startMs: number) => `stats#${userId}#q#${new Date(startMs).toISOString()}`;
export const hourId = (userId: string, startMs: number) => `stats#${userId}#h#${new Date(startMs).toISOString()}`;

/** The usage counters as items of the usage-counters table, each bumped with an atomic ADD. */
export class DynamoDbUsageCounters implements UsageCounters {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async count(userId: string, at: Date, isError: boolean): Promise<void> {
    const ms = at.getTime();
    const epoch = Math.floor(ms / 1000);
    const bump = (id: string, extra: string, values: Record<string, unknown>) =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: `ADD requests :one, errors :err ${extra}`,
          ExpressionAttributeValues: { ':one': 1, ':err': isError ? 1 : 0, ...values },
        }),
      );
    await Promise.all([
      bump(totalId(userId), 'SET lastAt = :at', { ':at': at.toISOString() }),
      bump(dayId(userId, at.toISOString().slice(0, 10)), 'SET expiresAt = :exp', { ':exp': epoch + DAY_BUCKET_DAYS * 86_400 }),
      bump(hourId(userId, ms - (ms % HOUR_MS)), 'SET expiresAt = :exp', { ':exp': epoch + QUARTER_BUCKET_DAYS * 86_400 }),
      bump(quarterId(userId, ms - (ms % QUARTER_MS)), 'SET expiresAt = :exp', { ':exp': epoch + QUARTER_BUCKET_DAYS * 86_400 }),
    ]);
  }

  async countError(userId: string, at: Date): Promise<void> {
    const ms = at.getTime();
    const ids = [totalId(userId), dayId(userId, at.toISOString().slice(0, 10)), hourId(userId, ms - (ms % HOUR_MS)), quarterId(userId, ms - (ms % QUARTER_MS))];
    // Only buckets that exist: the request's own count made them, and a bucket past its expiry is not brought back.
    await Promise.all(
      ids.map((id) =>
        this.client
          .send(new UpdateCommand({ TableName: this.tableName, Key: { id }, UpdateExpression: 'ADD errors :one', ConditionExpression: 'attribute_exists(id)', ExpressionAttributeValues: { ':one': 1 } }))
          .catch((error: unknown) => {
            if (!(error instanceof ConditionalCheckFailedException)) throw error;
          }),
      ),
    );
  }

  async totals(userId: string): Promise<{ requests: number; lastAt: string | null }> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id: totalId(userId) } }));
    return { requests: Number(out.Item?.requests ?? 0), lastAt: (out.Item?.lastAt as string | undefined) ?? null };
  }

  /**
   * Quarters until the first full hour (a local midnight falls on :00, :15,
   * :30 or :45 UTC), then whole hours up to the current one: at most 30 reads
   * for a day, however many requests it held.
   */
  async since(userId: string, since: Date, now: Date): Promise<number> {
    const ids: string[] = [];
    const firstHour = Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS;
    for (let start = since.getTime() - (since.getTime() % QUARTER_MS); start < firstHour && start <= now.getTime(); start += QUARTER_MS) ids.push(quarterId(userId, start));
    for (let start = firstHour; start <= now.getTime(); start += HOUR_MS) ids.push(hourId(userId, start));
    const items = await this.getAll(ids);
    return items.reduce((sum, item) => sum + Number(item.requests ?? 0), 0);
  }

  async days(userId: string, dates: readonly string[]): Promise<DailyCount[]> {
    const items = await this.getAll(dates.map((date) => dayId(userId, date)));
    const byId = new Map(items.map((item) => [String(item.id), item]));
    return dates.map((date) => {
      const item = byId.get(dayId(userId, date));
      return { date, requests: Number(item?.requests ?? 0), errors: Number(item?.errors ?? 0) };
    });
  }

  /** BatchGet in pages of 100, retrying what the table left unprocessed. */
  private async getAll(ids: readonly string[]): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => ({ id }));
      for (let round = 0; keys?.length && round < 5; round++) {
        const out: BatchGetCommandOutput = await this.client.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }));
        found.push(...(out.Responses?.[this.tableName] ?? []));
        keys = out.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return found;
  }
}
