import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PageCursor } from '../../domain/page-cursor';

/** A page query on one user's `by-user` index (user, creation time): its key condition and optional filter. */
export interface PageExpressions {
  KeyConditionExpression: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

export interface PageRead {
  tableName: string;
  userId: string;
  expressions: PageExpressions;
  limit: number;
  after?: PageCursor;
  /** Reads one page may make while its filters keep few rows. */
  maxReads: number;
  /** Rows read per filtered read (DynamoDB also stops at 1 MB). */
  filteredRead: number;
}

const cursorOf = (key: Record<string, unknown>): PageCursor => ({ id: String(key.id), createdAt: String(key.createdAt) });

/**
 * Newest first from the cursor on. With filters, reads on until the page is
 * full, the rows run out or `maxReads` reads were made; the cursor then says
 * where to go on, so a rare match far back is found page by page rather than
 * in one long wait.
 */
export async function newestFirstPage<T extends PageCursor>(client: DynamoDBDocumentClient, read: PageRead): Promise<{ items: T[]; next: PageCursor | null }> {
  const filtered = read.expressions.FilterExpression !== undefined;
  const found: T[] = [];
  let start: Record<string, unknown> | undefined = read.after && { userId: read.userId, id: read.after.id, createdAt: read.after.createdAt };
  for (let reads = 0; reads < read.maxReads; reads++) {
    const out = await client.send(
      new QueryCommand({
        TableName: read.tableName,
        IndexName: 'by-user',
        ...read.expressions,
        ScanIndexForward: false,
        // One row more than the page: whether another page exists is then known, not guessed.
        Limit: filtered ? read.filteredRead : read.limit + 1 - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((out.Items ?? []) as T[]));
    if (found.length > read.limit) {
      const items = found.slice(0, read.limit);
      const last = items.at(-1);
      return { items, next: last ? { id: last.id, createdAt: last.createdAt } : null };
    }
    start = out.LastEvaluatedKey;
    if (!start) return { items: found, next: null };
  }
  return { items: found, next: start ? cursorOf(start) : null };
}
