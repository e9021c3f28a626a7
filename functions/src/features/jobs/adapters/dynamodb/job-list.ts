import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRecord } from '../../domain/job';
import type { TaskListPage, TaskListQuery, TaskListStore } from '../../domain/task-list';
import { newestFirstPage, type PageExpressions } from '../../../../kernel/adapters/dynamodb/newest-first-pages';

/** Reads of the index one page may make while its filters keep few rows. */
const MAX_READS = 10;
/** Rows read per filtered read (DynamoDB also stops at 1 MB). */
const FILTERED_READ = 200;

/**
 * A list query in DynamoDB's terms, on the `by-user` index (user, creation
 * time): the time bounds bound the key, so no row outside them is read; the
 * status, operation and metadata pair filter the rows read.
 */
export function taskListExpressions(userId: string, query: TaskListQuery): PageExpressions {
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

/** One user's jobs, newest first, page by page of the `by-user` index. */
export class DynamoDbJobList implements TaskListStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listOf(userId: string, query: TaskListQuery): Promise<TaskListPage> {
    const { items, next } = await newestFirstPage<JobRecord>(this.client, {
      tableName: this.tableName,
      userId,
      expressions: taskListExpressions(userId, query),
      limit: query.limit,
      ...(query.after ? { after: query.after } : {}),
      maxReads: MAX_READS,
      filteredRead: FILTERED_READ,
    });
    return { jobs: items, next };
  }
}
