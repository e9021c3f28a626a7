import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { toJobMessage, type JobRecord } from '@frameforge/functions/domain/jobs/job';
import { LocalPortalClient } from '@frameforge/functions/local/portal-client';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const services = testServices();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sqs = new SQSClient({ region: 'us-east-1', endpoint: services.sqsS3, credentials, useQueueUrlAsEndpoint: false });
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

async function waitCompleted(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const item = await job(id);
    if (item.status === 'completed') return item;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${String(item.status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(toJobMessage(first as unknown as JobRecord)) }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'not a job' }));

    // A later job still runs: the worker went past both.
    await waitCompleted(await submitCut());
    const again = await job(String(first.id));
    expect(again.completedAt).toBe(first.completedAt);
    expect(again.attempts).toBe(first.attempts);
    expect(again.output).toEqual(first.output);

    const deadline = Date.now() + 10_000;
    let left = '1';
    while (left !== '0' && Date.now() < deadline) {
      const attributes = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
      );
      left = String(Number(attributes.Attributes?.ApproximateNumberOfMessages) + Number(attributes.Attributes?.ApproximateNumberOfMessagesNotVisible));
      if (left !== '0') await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toBe('0');
  });
});
