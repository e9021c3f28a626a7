import { BatchGetCommand, GetCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { CountedRequest, DailyCount, UsageCounters } from '../../domain/request-log';

export const QUARTER_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;
/** Daily buckets outlive the 30-day chart; hourly and 15-minute ones the longest "today" (a day and a half, any time zone). */
export const DAY_BUCKET_DAYS = 40;
export const QUARTER_BUCKET_DAYS = 2;

export const totalId = (userId: string) => `stats#${userId}#total`;
export const dayId = (userId: string, date: string) => `stats#${userId}#d#${date}`;
export const quarterId = (userId: string, startMs: number) => `stats#${userId}#q#${new Date(startMs).toISOString()}`;
export const hourId = (userId: string, startMs: number) => `stats#${userId}#h#${new Date(startMs).toISOString()}`;

const OPERATION_PREFIX = 'op:';
const KEY_PREFIX = 'key:';

/** The counts an item keeps under names starting with `prefix`, the prefix taken off. */
function prefixed(item: Record<string, unknown> | undefined, prefix: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(item ?? {})
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), Number(value)]),
  );
}

/** The usage counters as items of the usage-counters table, each bumped with an atomic ADD. */
export class DynamoDbUsageCounters implements UsageCounters {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * One atomic ADD per bucket. The day's item also counts the request under
   * its operation (`op:POST /cut`) and its key (`key:<id>`): the 30 days by
   * operation and by key are the same 30 reads as the chart.
   */
  async count(userId: string, at: Date, request: CountedRequest): Promise<void> {
    const ms = at.getTime();
    const epoch = Math.floor(ms / 1000);
    const bump = (id: string, extra: string, values: Record<string, unknown>, names?: Record<string, string>, adds = '') =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: `ADD requests :one, errors :err, processing :proc${adds} ${extra}`,
          ExpressionAttributeValues: { ':one': 1, ':err': request.isError ? 1 : 0, ':proc': request.processing ? 1 : 0, ...values },
          ...(names ? { ExpressionAttributeNames: names } : {}),
        }),
      );
    const breakdown = { '#op': `${OPERATION_PREFIX}${request.operation}`, '#key': `${KEY_PREFIX}${request.apiKeyId}` };
    await Promise.all([
      bump(totalId(userId), 'SET lastAt = :at', { ':at': at.toISOString() }),
      bump(dayId(userId, at.toISOString().slice(0, 10)), 'SET expiresAt = :exp', { ':exp': epoch + DAY_BUCKET_DAYS * 86_400 }, breakdown, ', #op :one, #key :one'),
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
  async since(userId: string, since: Date, now: Date): Promise<{ requests: number; processing: number }> {
    const ids: string[] = [];
    const firstHour = Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS;
    for (let start = since.getTime() - (since.getTime() % QUARTER_MS); start < firstHour && start <= now.getTime(); start += QUARTER_MS) ids.push(quarterId(userId, start));
    for (let start = firstHour; start <= now.getTime(); start += HOUR_MS) ids.push(hourId(userId, start));
    const items = await this.getAll(ids);
    return {
      requests: items.reduce((sum, item) => sum + Number(item.requests ?? 0), 0),
      processing: items.reduce((sum, item) => sum + Number(item.processing ?? 0), 0),
    };
  }

  async days(userId: string, dates: readonly string[]): Promise<DailyCount[]> {
    const items = await this.getAll(dates.map((date) => dayId(userId, date)));
    const byId = new Map(items.map((item) => [String(item.id), item]));
    return dates.map((date) => {
      const item = byId.get(dayId(userId, date));
      return {
        date,
        requests: Number(item?.requests ?? 0),
        errors: Number(item?.errors ?? 0),
        processing: Number(item?.processing ?? 0),
        operations: prefixed(item, OPERATION_PREFIX),
        keys: prefixed(item, KEY_PREFIX),
      };
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
