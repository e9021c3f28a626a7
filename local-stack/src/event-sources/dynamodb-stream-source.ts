import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { checkFilterPattern, matchesFilters, type FilterPattern } from './event-filter';

type LambdaImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamSourceOptions {
  /** The DynamoDB emulator, which serves the table and its stream. */
  endpoint: string;
  tableName: string;
  load: () => Promise<StreamHandler>;
  /** Told of a batch given up after its last try, and of a stream that cannot be read. */
  onError: (message: string, error?: unknown) => void;
  batchSize?: number;
  /** How long an empty read waits before the next. */
  pollMs?: number;
  /** How long a failed batch waits before it is tried again. */
  retryMs?: number;
  /** Tries of a failing batch after the first, as the event source mapping's `retryAttempts`. */
  retryAttempts?: number;
  /** The mapping's filter patterns: a change none of them matches is passed over without the function. */
  filters?: readonly FilterPattern[];
}

export interface StreamSource {
  stop(): Promise<void>;
}

const LOCAL = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

/**
 * Lambda's event source mapping for a DynamoDB stream, on the local stack:
 * each shard of the table's stream is read from its newest change on,
 * its changes are handed to the function in batches, in order, and a batch
 * the function fails (thrown, or named in `batchItemFailures`) is read again
 * from the first failed change after a pause, up to `retryAttempts` times;
 * then that change is logged and passed, as the mapping's on-failure
 * destination would receive it. The mapping's filters apply as on AWS: a
 * change none of them matches never reaches the function, and a batch of
 * such changes alone costs no call.
 */
export async function startStreamSource(options: StreamSourceOptions): Promise<StreamSource> {
  for (const pattern of options.filters ?? []) checkFilterPattern(pattern);
  const tables = new DynamoDBClient({ ...LOCAL, endpoint: options.endpoint });
  const streams = new DynamoDBStreamsClient({ ...LOCAL, endpoint: options.endpoint });
  const streamArn = (await tables.send(new DescribeTableCommand({ TableName: options.tableName }))).Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);
  const shards = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
  const stopped = new AbortController();
  const iterator = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string) =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}) })))
      .ShardIterator;
  // Every shard listed is followed (the emulator gives a live shard an ending number too); a closed one ends its
  // loop with its last read. Positions are taken before this returns: no change made once the stack is up is missed.
  const starts = await Promise.all(shards.map(async (shard) => ({ shardId: shard.ShardId ?? '', position: await iterator(shard.ShardId ?? '', 'LATEST') })));
  const reader = new ShardReader(streams, streamArn, iterator, options, stopped.signal);
  const loops = starts.map(({ shardId, position }) => reader.follow(shardId, position));
  return {
    stop: async () => {
      stopped.abort();
      await Promise.all(loops);
      tables.destroy();
      streams.destroy();
    },
  };
}

/**
 * Waits `ms`, or less if the source stops. The listener goes when the wait
 * ends either way: a reader pauses four times a second for as long as the
 * stack runs, and listeners left on the one stop signal piled up by the
 * thousand, with the garbage collection they cost.
 */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

class ShardReader {
  constructor(
    private readonly streams: DynamoDBStreamsClient,
    private readonly streamArn: string,
    private readonly iterator: (shardId: string, type: ShardIteratorType, sequenceNumber?: string) => Promise<string | undefined>,
    private readonly options: StreamSourceOptions,
    private readonly signal: AbortSignal,
  ) {}

  async follow(shardId: string, start: string | undefined): Promise<void> {
    let position = start;
    let tries = 0;
    /** The last change handled (or given up): where a new iterator starts after a read that failed. */
    let handled: string | undefined;
    while (position && !this.signal.aborted) {
      try {
        const read = await this.streams.send(new GetRecordsCommand({ ShardIterator: position, Limit: this.options.batchSize ?? 100 }));
        const records = read.Records ?? [];
        if (records.length === 0) {
          position = read.NextShardIterator;
          await pause(this.options.pollMs ?? 250, this.signal);
          continue;
        }
        const failed = await this.invoke(records);
        if (failed === undefined) {
          tries = 0;
          handled = records.at(-1)?.dynamodb?.SequenceNumber ?? handled;
          position = read.NextShardIterator;
          continue;
        }
        tries += 1;
        if (tries > (this.options.retryAttempts ?? 10)) {
          this.options.onError(`stream of ${this.options.tableName}: change ${failed} given up after ${tries} tries`);
          tries = 0;
          handled = failed;
          position = await this.iterator(shardId, 'AFTER_SEQUENCE_NUMBER', failed);
          continue;
        }
        await pause(this.options.retryMs ?? 1000, this.signal);
        position = await this.iterator(shardId, 'AT_SEQUENCE_NUMBER', failed);
      } catch (error) {
        if (this.signal.aborted) return;
        this.options.onError(`stream of ${this.options.tableName}: could not be read`, error);
        await pause(this.options.retryMs ?? 1000, this.signal);
        // A shard iterator lasts 15 minutes on DynamoDB: after a failed read, a new one starts after the last change handled.
        if (handled) position = await this.iterator(shardId, 'AFTER_SEQUENCE_NUMBER', handled).catch(() => position);
      }
    }
  }

  /** Runs the function on a batch: the sequence number to read again from, or undefined when it all went through. */
  private async invoke(read: StreamRecord[]): Promise<string | undefined> {
    const shaped = read.map((record) => ({ record, event: this.asLambdaRecord(record) }));
    const passed = shaped.filter(({ event }) => matchesFilters(this.options.filters ?? [], event));
    if (passed.length === 0) return undefined;
    const records = passed.map(({ record }) => record);
    const first = records[0]?.dynamodb?.SequenceNumber;
    try {
      const answer = await (await this.options.load())({ Records: passed.map(({ event }) => event) });
      const failures = (answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
      // The earliest failed change: the ones before it went through, it and the rest come again.
      return records.find((record) => failures.includes(record.dynamodb?.SequenceNumber ?? ''))?.dynamodb?.SequenceNumber ?? (failures.length ? first : undefined);
    } catch (error) {
      this.options.onError(`stream of ${this.options.tableName}: the function failed, the batch comes again`, error);
      return first;
    }
  }

  /** A change as Lambda hands it over: its time in epoch seconds, the stream's ARN on it. */
  private asLambdaRecord(record: StreamRecord): DynamoDBRecord {
    const change = record.dynamodb;
    return {
      ...(record.eventID ? { eventID: record.eventID } : {}),
      ...(record.eventName ? { eventName: record.eventName } : {}),
      eventVersion: record.eventVersion ?? '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: LOCAL.region,
      eventSourceARN: this.streamArn,
      dynamodb: {
        ApproximateCreationDateTime: (change?.ApproximateCreationDateTime ?? new Date()).getTime() / 1000,
        // The SDK's attribute values and Lambda's are the same JSON for the strings, numbers, lists and maps a record holds.
        Keys: change?.Keys as LambdaImage | undefined,
        NewImage: change?.NewImage as LambdaImage | undefined,
        OldImage: change?.OldImage as LambdaImage | undefined,
        SequenceNumber: change?.SequenceNumber,
        SizeBytes: change?.SizeBytes,
        StreamViewType: change?.StreamViewType,
      },
    };
  }
}
