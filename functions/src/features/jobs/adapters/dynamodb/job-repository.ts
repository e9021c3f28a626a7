import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { CallbackAttempt, JobError, JobLease, JobOutput, JobRecord, JobRepository } from '../../domain/job';
import { cancelCommand } from './job-cancel';
import { claimCommand } from './job-claim';
import { deleteKeys, keysByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';

/** Request log rows one job names at most (the request that made it and its replays). */
const MAX_REQUEST_LOGS = 20;

export class DynamoDbJobRepository implements JobRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(job: JobRecord): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: job, ConditionExpression: 'attribute_not_exists(id)' }),
    );
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }));
    return out.Item as JobRecord | undefined;
  }

  /** The ids of every job of the user (an account's deletion). */
  async idsOf(userId: string): Promise<string[]> {
    const keys = await keysByOwner(this.client, this.tableName, ownerIndexOf(tables.jobs), userId);
    return keys.map((key) => String(key.id));
  }

  async deleteAllOf(userId: string): Promise<void> {
    const ids = await this.idsOf(userId);
    await deleteKeys(this.client, this.tableName, ids.map((id) => ({ id })));
  }

  async countQueuedBefore(userId: string, createdAt: string): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out: QueryCommandOutput = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'by-user',
          KeyConditionExpression: 'userId = :user AND createdAt < :at',
          FilterExpression: '#s = :queued',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':user': userId, ':at': createdAt, ':queued': 'queued' },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  }

  async claim(id: string, at: string, lease?: JobLease): Promise<boolean> {
    // Most claims are first tries; a retry's first form fails its condition and the second keeps startedAt.
    return (await this.conditional(claimCommand(this.tableName, id, at, lease, 'first'))) || this.conditional(claimCommand(this.tableName, id, at, lease, 'again'));
  }

  async extendLease(id: string, lease: JobLease): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: '#s = :processing AND leaseOwner = :owner',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':owner': lease.owner, ':until': lease.until },
      }),
    );
  }

  async releaseLease(id: string, owner: string, at: string): Promise<void> {
    await this.conditional(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        // An empty string sorts before any time: the next claim sees the lease as expired. Progress stays: the next try goes on from it.
        UpdateExpression: 'SET leaseUntil = :none, leaseOwner = :nobody, updatedAt = :at',
        ConditionExpression: '#s = :processing AND leaseOwner = :owner',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':owner': owner, ':none': '', ':nobody': null, ':at': at },
      }),
    );
  }

  private async conditional(command: UpdateCommand): Promise<boolean> {
    try {
      await this.client.send(command);
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async updateProgress(id: string, progress: number, at: string): Promise<void> {
    // Only upwards: a retry that reports less than an earlier try reached leaves the task where it was.
    await this.finishIfProcessing(id, 'SET progress = :p, updatedAt = :at', { ':p': progress, ':at': at }, {}, ' AND (attribute_not_exists(progress) OR progress < :p)').catch(
      (error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      },
    );
  }

  async complete(id: string, output: JobOutput, at: string, owner?: string): Promise<void> {
    await this.finishIfProcessing(
      id,
      'SET #s = :completed, progress = :hundred, #o = :output, completedAt = :at, updatedAt = :at, leaseUntil = :ended',
      { ':completed': 'completed', ':hundred': 100, ':output': output, ':at': at, ':ended': null, ...(owner ? { ':owner': owner } : {}) },
      { '#o': 'output' },
      owner ? ' AND leaseOwner = :owner' : '',
    );
  }

  async fail(id: string, error: JobError, at: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: 'SET #s = :failed, #e = :error, completedAt = :at, updatedAt = :at',
        ConditionExpression: 'attribute_exists(id) AND NOT #s IN (:completed, :canceled)',
        ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
        ExpressionAttributeValues: { ':failed': 'failed', ':error': error, ':at': at, ':completed': 'completed', ':canceled': 'canceled' },
      }),
    ).catch((e: unknown) => {
      // A job that already ended keeps its outcome.
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    });
  }

  async cancel(id: string, at: string): Promise<JobRecord | undefined> {
    try {
      return (await this.client.send(cancelCommand(this.tableName, id, at))).Attributes as JobRecord | undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async linkRequestLog(id: string, logId: string): Promise<{ job: JobRecord; linked: boolean } | undefined> {
    try {
      const out = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression: 'SET requestLogIds = list_append(if_not_exists(requestLogIds, :none), :ids)',
          // A bounded list: a client replaying one Idempotency-Key without end cannot grow the record without end.
          ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(requestLogIds) OR size(requestLogIds) < :most)',
          ExpressionAttributeValues: { ':none': [], ':ids': [logId], ':most': MAX_REQUEST_LOGS },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { job: out.Attributes as JobRecord, linked: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const job = await this.get(id);
      return job && { job, linked: false };
    }
  }

  async recordCallbackAttempt(id: string, attempt: CallbackAttempt): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: 'SET #c.attempts = list_append(#c.attempts, :attempt)',
        // Only as the next try: a redelivered message cannot record its try twice.
        ConditionExpression: 'size(#c.attempts) = :before',
        ExpressionAttributeNames: { '#c': 'callback' },
        ExpressionAttributeValues: { ':attempt': [attempt], ':before': attempt.attempt - 1 },
      }),
    );
  }

  private async finishIfProcessing(
    id: string,
    expression: string,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
    extraCondition = '',
  ): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: expression,
        ConditionExpression: `#s = :isProcessing${extraCondition}`,
        ExpressionAttributeNames: { '#s': 'status', ...names },
        ExpressionAttributeValues: { ...values, ':isProcessing': 'processing' },
      }),
    );
  }
}
