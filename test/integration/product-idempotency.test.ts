import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';
import { testServices } from '../support/services';
import { jobs } from '../support/worker-jobs';

const endpoints = testEndpoints();
const api = endpoints.productApi;
const services = testServices();
const documents = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);
let clip: Buffer;
let keyA = '';
let keyB = '';

interface Answer {
  status: number;
  taskId?: string;
  error?: { code: string; param: string | null };
}

/** POST /cut with a freshly built multipart body (so each send has its own boundary). */
async function cut(apiKey: string, idempotencyKey: string, fields: Record<string, string> = { duration: '0.5' }): Promise<Answer> {
  const response = await fetch(`${api}/cut`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Idempotency-Key': idempotencyKey },
    body: cutForm(fields, clip),
  });
  const body = (await response.json()) as { task_id?: string; error?: Answer['error'] };
  return { status: response.status, taskId: body.task_id, error: body.error };
}

/** Every job the task's owner has, read from the jobs table's per-user index. */
async function jobsOfOwnerOf(taskId: string): Promise<string[]> {
  const userId = (await jobs.get(taskId))?.userId;
  expect(userId).toBeTruthy();
  const out = await documents.send(
    new QueryCommand({
      TableName: services.resources.tables.TABLE_JOBS,
      IndexName: 'by-user',
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': userId },
    }),
  );
  return (out.Items ?? []).map((item) => String(item.id));
}

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'idempotency-')), 'clip.mp4');
  await makeTestVideo(path, 1);
  clip = readFileSync(path);
  [keyA, keyB] = await Promise.all([signedUpUserWithKey(endpoints), signedUpUserWithKey(endpoints)]);
});

describe('Idempotency-Key on processing requests', () => {
  const key = `retry-${randomUUID()}`;
  let first: Answer;

  it('a retried POST (same key, same body, another boundary) answers the same task and makes one job', async () => {
    first = await cut(keyA, key);
    const retry = await cut(keyA, key);
    expect(first.status).toBe(202);
    expect(retry).toEqual({ status: 202, taskId: first.taskId, error: undefined });
    const task = await fetch(`${api}/task/${first.taskId ?? ''}`, { headers: { 'X-API-Key': keyA } });
    expect(task.status).toBe(200);
    expect(await task.json()).toMatchObject({ task_id: first.taskId, endpoint: '/cut' });
    expect(await jobsOfOwnerOf(first.taskId ?? '')).toEqual([first.taskId]);
  });

  it('two concurrent sends with one key make one task: the other answers it too, or 409 idempotency_key_in_use', async () => {
    const before = await jobsOfOwnerOf(first.taskId ?? '');
    const racing = `race-${randomUUID()}`;
    const answers = await Promise.all([cut(keyA, racing), cut(keyA, racing)]);
    const accepted = answers.filter((a) => a.status === 202);
    const busy = answers.filter((a) => a.status === 409);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length + busy.length).toBe(2);
    expect(new Set(accepted.map((a) => a.taskId)).size).toBe(1);
    for (const answer of busy) expect(answer.error).toMatchObject({ code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
    const after = await jobsOfOwnerOf(first.taskId ?? '');
    expect(after.filter((id) => !before.includes(id))).toEqual([accepted[0]?.taskId]);
    // Once the first has made its task, a retry answers that task.
    expect(await cut(keyA, racing)).toMatchObject({ status: 202, taskId: accepted[0]?.taskId });
  });

  it('the same key with another body is 409 idempotency_key_reused naming Idempotency-Key, and makes no job', async () => {
    const before = await jobsOfOwnerOf(first.taskId ?? '');
    const other = await cut(keyA, key, { duration: '0.25' });
    expect(other.status).toBe(409);
    expect(other.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(await jobsOfOwnerOf(first.taskId ?? '')).toEqual(before);
    // The key still answers its own request.
    expect(await cut(keyA, key)).toMatchObject({ status: 202, taskId: first.taskId });
  });

  it("is per user: B's same key and same body make B's own task, which A cannot see", async () => {
    const theirs = await cut(keyB, key);
    expect(theirs.status).toBe(202);
    expect(theirs.taskId).not.toBe(first.taskId);
    expect(await jobsOfOwnerOf(theirs.taskId ?? '')).toEqual([theirs.taskId]);
    expect((await fetch(`${api}/task/${theirs.taskId ?? ''}`, { headers: { 'X-API-Key': keyB } })).status).toBe(200);
    expect((await fetch(`${api}/task/${theirs.taskId ?? ''}`, { headers: { 'X-API-Key': keyA } })).status).toBe(404);
    // And B's use of the key left A's alone.
    expect(await cut(keyA, key)).toMatchObject({ status: 202, taskId: first.taskId });
  });
});
