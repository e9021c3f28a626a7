import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { JobRecord } from '@frameforge/functions/features/jobs/domain/job';
import { toQueuedJob } from '@frameforge/functions/features/jobs/domain/job-messages';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const services = testServices();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sqs = new SQSClient({ region: 'us-east-1', endpoint: services.sqs, credentials, useQueueUrlAsEndpoint: false });
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: services.dynamodb, credentials }));
const queueUrl = services.resources.queues.QUEUE_MEDIA_URL ?? '';
const jobsTable = services.resources.tables.TABLE_JOBS ?? '';

let apiKey = '';
let video: Buffer;

async function submitCut(): Promise<string> {
  const form = new FormData();
  form.append('duration', '1');
  form.append('file', new Blob([new Uint8Array(video)]), 'input.mp4');
  const response = await fetch(`${endpoints.productApi}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: form });
  expect(response.status).toBe(202);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function job(id: string): Promise<Record<string, unknown>> {
  return (await db.send(new GetCommand({ TableName: jobsTable, Key: { id }, ConsistentRead: true }))).Item ?? {};
}

function waitCompleted(id: string): Promise<Record<string, unknown>> {
  return eventually(
    async () => {
      const item = await job(id);
      if (item.status !== 'completed') throw new Error(`job ${id} is ${String(item.status)}`);
      return item;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `job ${id} to complete` },
  );
}

async function messagesLeft(): Promise<number> {
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return Number(attributes.Attributes?.ApproximateNumberOfMessages) + Number(attributes.Attributes?.ApproximateNumberOfMessagesNotVisible);
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'frameforge-worker-'));
  await makeTestVideo(join(dir, 'in.mp4'), 2);
  video = readFileSync(join(dir, 'in.mp4'));
  const client = await LocalPortalClient.connect(endpoints);
  const email = `worker-${Date.now()}@example.com`;
  const since = Date.now() - 1000;
  await client.signUp(email, 'secret-pass');
  await client.confirmFromInbox(email, since);
  const token = await client.signIn(email, 'secret-pass');
  await client.subscribe(token, 'elite');
  apiKey = (await client.createApiKey(token, 'worker')).key;
});

describe('worker under at-least-once delivery', () => {
  it('ignores a redelivered message of a finished job and drops messages that are not jobs', async () => {
    const first = await waitCompleted(await submitCut());

    // The same message again, as SQS may deliver it, and a message that is no job at all.
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(toQueuedJob(first as unknown as JobRecord)) }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'not a job' }));

    // A later job still runs: the worker went past both.
    await waitCompleted(await submitCut());
    const again = await job(String(first.id));
    expect(again.completedAt).toBe(first.completedAt);
    expect(again.attempts).toBe(first.attempts);
    expect(again.output).toEqual(first.output);

    await eventually(
      async () => {
        const left = await messagesLeft();
        if (left !== 0) throw new Error(`${left} messages still on the queue`);
        return left;
      },
      { timeoutMs: 10_000, intervalMs: 200, what: 'the media queue to empty' },
    );
  });
});
