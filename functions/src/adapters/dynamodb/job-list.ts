import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { JobRecord } from '../../domain/jobs/job';
import type { TaskCursor } from '../../domain/jobs/task-cursor';
import type { TaskListPage, TaskListQuery, TaskListStore } from '../../domain/jobs/task-list';

/** Reads of the index one page may make while its filters keep few rows. */
const MAX_READS = 10;
/** Rows read per filtered read (DynamoDB also stops at 1 MB). */
const FILTERED_READ = 200;

interface Expressions {
  KeyConditionExpression: string;
  FilterExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * A list query in DynamoDB's terms, on the `by-user` index (user, creation
 * time): the time bounds bound the key, so no row outside them is read; the
 * status, operation and metadata pair filter the rows read.
 */
export function taskListExpressions(userId: string, query: TaskListQuery): Expressions {
  // DynamoDB refuses a name the expressions do not use: each is added with its use.
  const names: Record<string, string> = { '#user': 'userId' };
  const values: Record<string, unknown> = { ':user': userId };
  const filters: string[] = [];
  let key = '#user = :user';
  if (query.createdFrom && query.createdTo) key += ' AND #created BETWEEN :from AND :to';
  else if (query.createdFrom) key += ' AND #created >= :from';
  else if (query.createdTo) key += ' AND #created <= :to';
  if (query.createdFrom || query.createdTo) names['#created'] = 'createdAt';
  if (query.createdFrom) values[':from'] = query.createdFrom;
  if (query.createdTo) values[':to'] = query.createdTo;
  if (query.status) {
    names['#status'] = 'status';
    values[':status'] = query.status;
    filters.push('#status = :status');
  }
  if (query.endpoint) {
    names['#endpoint'] = 'endpoint';
    values[':endpoint'] = query.endpoint;
    filters.push('#endpoint = :endpoint');
  }
  if (query.metadata) {
    // The key is the caller's own text: it goes in as an attribute name, never into the expression.
    names['#metadata'] = 'metadata';
    names['#metadataKey'] = query.metadata.key;
    values[':metadataValue'] = query.metadata.value;
    filters.push('#metadata.#metadataKey = :metadataValue');
  }
  return {
    KeyConditionExpression: key,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const cursorOf = (key: Record<string, unknown>): TaskCursor => ({ id: String(key.id), createdAt: String(key.createdAt) });

/** One user's jobs, newest first, page by page of the `by-user` index. */
export class DynamoDbJobList implements TaskListStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * With filters, reads on until the page is full, the rows run out or
   * MAX_READS reads were made; the cursor then says where to go on, so a
   * rare match far back is found page by page rather than in one long wait.
   */
  async listOf(userId: string, query: TaskListQuery): Promise<TaskListPage> {
    const expressions = taskListExpressions(userId, query);
    const filtered = expressions.FilterExpression !== undefined;
    const found: JobRecord[] = [];
    let start: Record<string, unknown> | undefined = query.after && { userId, id: query.after.id, createdAt: query.after.createdAt };
    for (let read = 0; read < MAX_READS; read++) {
      const out: QueryCommandOutput = await this.client.send(
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
      found.push(...((out.Items ?? []) as JobRecord[]));
      if (found.length > query.limit) {
        const jobs = found.slice(0, query.limit);
        const last = jobs.at(-1);
        return { jobs, next: last ? { id: last.id, createdAt: last.createdAt } : null };
      }
      start = out.LastEvaluatedKey;
      if (!start) return { jobs: found, next: null };
    }
    return { jobs: found, next: start ? cursorOf(start) : null };
  }
}
