import { getEventListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { startDynamoDb } from '../emulators';
import { freePort, stopChildren } from '../processes';
import { pause, startStreamSource, type StreamSource } from './dynamodb-stream-source';
import type { FilterPattern } from './event-filter';

const TABLE = 'stream-source-jobs';
let endpoint: string;
let client: DynamoDBClient;
const sources: StreamSource[] = [];

beforeAll(async () => {
  const port = await freePort();
  await startDynamoDb(port, mkdtempSync(join(tmpdir(), 'stream-source-')));
  endpoint = `http://127.0.0.1:${port}`;
  client = new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
}, 60_000);

afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.stop()));
});

afterAll(async () => {
  client.destroy();
  await stopChildren();
});

const put = (id: string, status: string) => client.send(new PutItemCommand({ TableName: TABLE, Item: { id: { S: id }, status: { S: status } } }));
const setStatus = (id: string, status: string) =>
  client.send(
    new UpdateItemCommand({
      TableName: TABLE,
      Key: { id: { S: id } },
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': { S: status } },
    }),
  );

/** Resolves once `check` holds, polling every 50 ms, or fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const idOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.id?.S;
const statusOf = (record: DynamoDBRecord) => record.dynamodb?.NewImage?.status?.S;

async function source(handle: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>, errors: string[] = [], filters: readonly FilterPattern[] = []) {
  const started = await startStreamSource({ endpoint, tableName: TABLE, load: async () => handle, onError: (message) => errors.push(message), pollMs: 50, retryMs: 50, retryAttempts: 2, filters });
  sources.push(started);
  return started;
}

describe('the local event source of a DynamoDB stream', () => {
  it('hands the changes made after it started to the function, in order, as Lambda shapes them', async () => {
    await put('before-start', 'queued');
    const seen: DynamoDBRecord[] = [];
    await source(async (event) => void seen.push(...event.Records));
    await put('a', 'queued');
    await setStatus('a', 'completed');
    await until(() => seen.length >= 2, 'two changes');
    expect(seen.map((record) => [record.eventName, idOf(record), statusOf(record)])).toEqual([
      ['INSERT', 'a', 'queued'],
      ['MODIFY', 'a', 'completed'],
    ]);
    const modify = seen[1];
    expect(modify?.dynamodb?.OldImage?.status?.S).toBe('queued');
    expect(modify?.eventSource).toBe('aws:dynamodb');
    expect(modify?.eventSourceARN).toMatch(/stream/);
    // Epoch seconds, as Lambda gives them, not a Date.
    expect(typeof modify?.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('reads a batch again from the first change the function names as failed, and not the ones before it', async () => {
    const calls: string[][] = [];
    let failures = 1;
    await source(async (event) => {
      calls.push(event.Records.map((record) => `${idOf(record)}:${statusOf(record)}`));
      const failing = event.Records.find((record) => statusOf(record) === 'failed');
      if (failing && failures-- > 0) return { batchItemFailures: [{ itemIdentifier: failing.dynamodb?.SequenceNumber ?? '' }] };
      return { batchItemFailures: [] };
    });
    await put('b', 'queued');
    await setStatus('b', 'failed');
    await until(() => calls.flat().filter((call) => call === 'b:failed').length === 2, 'the failed change twice');
    // The insert went through once; the failed change came again on its own.
    expect(calls.flat().filter((call) => call === 'b:queued')).toHaveLength(1);
    expect(calls.at(-1)).toEqual(['b:failed']);
  });

  it('passes a change on after its last try, reports it, and goes on with the next', async () => {
    const errors: string[] = [];
    const handled: string[] = [];
    await source(async (event) => {
      for (const record of event.Records) {
        if (idOf(record) === 'poison') throw new Error('always fails');
        handled.push(`${idOf(record)}:${statusOf(record)}`);
      }
    }, errors);
    await put('poison', 'queued');
    await put('c', 'completed');
    await until(() => handled.includes('c:completed'), 'the change after the poison one');
    expect(errors.some((message) => /given up after 3 tries/.test(message))).toBe(true);
  });
});

describe('the local event source with the mapping’s filters', () => {
  it('hands the function only the changes a pattern matches, and calls it for no batch without one', async () => {
    const calls: string[][] = [];
    const ended: FilterPattern = { eventName: ['MODIFY'], dynamodb: { NewImage: { status: { S: ['completed'] } } } };
    await source(async (event) => void calls.push(event.Records.map((record) => `${idOf(record)}:${statusOf(record)}`)), [], [ended]);
    await put('f', 'queued');
    await setStatus('f', 'running');
    await setStatus('f', 'completed');
    await until(() => calls.length >= 1, 'the completed change');
    // Changes that pass no pattern, then one that does: when that one arrives, those before it have been passed over.
    await put('g', 'queued');
    await setStatus('g', 'running');
    await setStatus('g', 'completed');
    await until(() => calls.length >= 2, 'the second completed change');
    expect(calls).toEqual([['f:completed'], ['g:completed']]);
  });

  it('refuses to start with a rule it does not apply', async () => {
    const unknown = { size: [{ numeric: ['>', 5] }] } as unknown as FilterPattern;
    await expect(source(async () => undefined, [], [unknown])).rejects.toThrow(/not a rule/);
  });
});

describe('the stream reader’s pause between empty reads', () => {
  it('leaves no listener on the stop signal once it has waited, however often it waits', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 50; i++) await pause(1, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('ends at once when the source stops, and leaves no listener either', async () => {
    const stop = new AbortController();
    const started = performance.now();
    const waiting = pause(60_000, stop.signal);
    stop.abort();
    await waiting;
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
