import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { LogPage, LogQuery, OutcomeRow, RequestLogEntry, RequestLogStore, TaskOutcome, TaskOutcomeStore } from '../../domain/request-log';
import { deleteByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';
import { newestFirstPage } from '../../../../kernel/adapters/dynamodb/newest-first-pages';
import { queryExpressions } from './request-log-filters';

/** Reads of the index one page request may make while its filters keep few rows. */
const MAX_READS = 10;
/** Rows read per filtered read (DynamoDB also stops at 1 MB). */
const FILTERED_READ = 500;


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

  /** Newest first from the cursor on, filtered reads bounded as for tasks (see newestFirstPage). */
  async query(userId: string, query: LogQuery): Promise<LogPage> {
    const { items, next } = await newestFirstPage<RequestLogEntry>(this.client, {
      tableName: this.tableName,
      userId,
      expressions: queryExpressions(userId, query),
      limit: query.limit,
      ...(query.cursor ? { after: query.cursor } : {}),
      maxReads: MAX_READS,
      filteredRead: FILTERED_READ,
    });
    return { entries: items, next };
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
