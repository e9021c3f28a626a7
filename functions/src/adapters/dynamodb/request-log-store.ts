import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../contracts/resources';
import type { LogCursor, LogPage, LogQuery, OutcomeRow, RequestLogEntry, RequestLogStore, TaskOutcome, TaskOutcomeStore } from '../../domain/request-logs/request-log';
import { deleteByOwner, ownerIndexOf } from './owned-items';
import { queryExpressions } from './request-log-filters';

/** Reads of the index one page request may make while its filters keep few rows. */
const MAX_READS = 10;
/** Rows read per filtered read (DynamoDB also stops at 1 MB). */
const FILTERED_READ = 500;

const cursorOf = (key: Record<string, unknown>): LogCursor => ({ id: String(key.id), createdAt: String(key.createdAt) });

export class DynamoDbRequestLogStore implements RequestLogStore, TaskOutcomeStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** An update, not a put: a task outcome the worker recorded first stays. */
  async append(entry: RequestLogEntry): Promise<TaskOutcome | undefined> {
    const { id, ...fields } = entry;
    const present = Object.entries(fields).filter(([, value]) => value !== undefined);
    const out = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: `SET ${present.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(present.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(present.map(([, value], i) => [`:f${i}`, value])),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes?.taskOutcome as TaskOutcome | undefined;
  }

  async recordTaskOutcome(logId: string, outcome: TaskOutcome, expiresAt: number): Promise<OutcomeRow | null> {
    try {
      const out = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id: logId },
          UpdateExpression: 'SET taskOutcome = :outcome, expiresAt = if_not_exists(expiresAt, :expires)',
          ConditionExpression: 'attribute_not_exists(taskOutcome)',
          ExpressionAttributeValues: { ':outcome': outcome, ':expires': expiresAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const row = out.Attributes ?? {};
      return {
        ...(typeof row.userId === 'string' ? { userId: row.userId } : {}),
        ...(typeof row.createdAt === 'string' ? { createdAt: row.createdAt } : {}),
        ...(typeof row.statusCode === 'number' ? { statusCode: row.statusCode } : {}),
        ...(row.keyMode === 'test' ? { keyMode: 'test' as const } : {}),
      };
    } catch (error) {
      // A job end seen again: the outcome is there already, and what it counted was counted.
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  /**
   * Newest first from the cursor on. With filters, reads on until the page
   * is full, the rows run out or MAX_READS reads were made; the cursor then
   * says where to go on, so a rare match far back is found page by page.
   */
  async query(userId: string, query: LogQuery): Promise<LogPage> {
    const expressions = queryExpressions(userId, query);
    const filtered = expressions.FilterExpression !== undefined;
    const found: RequestLogEntry[] = [];
    let start: Record<string, unknown> | undefined = query.cursor && { userId, id: query.cursor.id, createdAt: query.cursor.createdAt };
    for (let read = 0; read < MAX_READS; read++) {
      const out = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'by-user',
          ...expressions,
          ScanIndexForward: false,
          // One row more than the page: whether another page exists is then known, not guessed.
          Limit: filtered ? FILTERED_READ : query.limit + 1 - found.length,
          ExclusiveStartKey: start,
        }),
      );
      found.push(...((out.Items ?? []) as RequestLogEntry[]));
      if (found.length > query.limit) {
        const entries = found.slice(0, query.limit);
        const last = entries.at(-1);
        return { entries, next: last ? { id: last.id, createdAt: last.createdAt } : null };
      }
      start = out.LastEvaluatedKey;
      if (!start) return { entries: found, next: null };
    }
    return { entries: found, next: start ? cursorOf(start) : null };
  }

  async get(id: string): Promise<RequestLogEntry | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id } }));
    return out.Item as RequestLogEntry | undefined;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.tableName, ownerIndexOf(tables.apiLogs), userId);
  }
}
