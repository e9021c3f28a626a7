import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userIdOf } from '@frameforge/local-stack/admin-role';
import type { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import type { LocalServices } from '@frameforge/local-stack/stack';

/** One put of a batch write, with plain values: the document client marshals them. */
interface WriteRequest {
  PutRequest: { Item: Record<string, unknown> };
}

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Fills a user's history with `count` request logs spread over the last 30
 * days, and the counters exactly as the product API keeps them beside the
 * logs (all time, per day, per hour, per 15 minutes): what a user with that many
 * requests has in the tables.
 */
export async function seedHistory(services: LocalServices, userId: string, count: number): Promise<void> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const logsTable = services.resources.tables.TABLE_API_LOGS ?? '';
  const countersTable = services.resources.tables.TABLE_USAGE_COUNTERS ?? '';
  const now = Date.now();
  const span = 29 * 86_400_000;
  const days = new Map<string, { requests: number; errors: number }>();
  const quarters = new Map<number, number>();
  const hours = new Map<number, number>();
  const logs: WriteRequest[] = [];
  let last = 0;
  for (let i = 0; i < count; i++) {
    const at = now - Math.floor((span * (count - i)) / count);
    last = Math.max(last, at);
    const status = i % 10 === 0 ? 400 : 202;
    const date = new Date(at).toISOString().slice(0, 10);
    const day = days.get(date) ?? { requests: 0, errors: 0 };
    day.requests += 1;
    day.errors += status >= 400 ? 1 : 0;
    days.set(date, day);
    quarters.set(at - (at % QUARTER_MS), (quarters.get(at - (at % QUARTER_MS)) ?? 0) + 1);
    hours.set(at - (at % HOUR_MS), (hours.get(at - (at % HOUR_MS)) ?? 0) + 1);
    logs.push({
      PutRequest: {
        Item: {
          id: randomUUID(),
          userId,
          apiKeyId: 'bench-key',
          keyName: 'bench',
          maskedKey: 'ff_bench…0000',
          method: 'POST',
          endpoint: '/cut',
          query: null,
          statusCode: status,
          durationMs: 120,
          createdAt: new Date(at).toISOString(),
          errorMessage: status >= 400 ? 'Error: file is required.' : null,
          taskId: null,
          requestId: randomUUID(),
          expiresAt: Math.floor(now / 1000) + 30 * 86_400,
        },
      },
    });
  }
  const counters: WriteRequest[] = [
    { PutRequest: { Item: { id: `stats#${userId}#total`, requests: count, errors: Math.ceil(count / 10), lastAt: new Date(last).toISOString() } } },
    ...[...days].map(([date, day]) => ({ PutRequest: { Item: { id: `stats#${userId}#d#${date}`, ...day } } })),
    ...[...quarters].map(([start, requests]) => ({ PutRequest: { Item: { id: `stats#${userId}#q#${new Date(start).toISOString()}`, requests, errors: 0 } } })),
    ...[...hours].map(([start, requests]) => ({ PutRequest: { Item: { id: `stats#${userId}#h#${new Date(start).toISOString()}`, requests, errors: 0 } } })),
  ];
  await writeAll(client, logsTable, logs);
  await writeAll(client, countersTable, counters);
}

async function writeAll(client: DynamoDBDocumentClient, table: string, requests: WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) batches.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending: WriteRequest[] | undefined = batches[next++];
      while (pending?.length) {
        const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = out.UnprocessedItems?.[table] as WriteRequest[] | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** GET /stats as the dashboard asks it: since the browser's local midnight. */
export async function statsRequest(portalApi: string, token: string): Promise<void> {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const response = await fetch(`${portalApi}/stats?since=${encodeURIComponent(midnight.toISOString())}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { total_requests?: number };
  if (response.status !== 200 || body.total_requests === undefined) throw new Error(`stats answered ${response.status}`);
}

/** A fresh signed-in user and their id. */
export async function benchUser(client: LocalPortalClient, email: string): Promise<{ token: string; userId: string }> {
  const since = Date.now() - 1000;
  await client.signUp(email, 'bench-pass');
  await client.confirmFromInbox(email, since);
  const token = await client.signIn(email, 'bench-pass');
  return { token, userId: userIdOf(token) };
}
