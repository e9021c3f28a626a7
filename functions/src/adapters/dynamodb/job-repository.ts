import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobError, JobOutput, JobRecord, JobRepository } from '../../domain/jobs/job';

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

  async claim(id: string, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id },
          UpdateExpression:
            'SET #s = :processing, startedAt = :at, updatedAt = :at ADD attempts :one',
          ConditionExpression: '#s IN (:queued, :processing)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':processing': 'processing', ':queued': 'queued', ':at': at, ':one': 1 },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async updateProgress(id: string, progress: number, at: string): Promise<void> {
    await this.finishIfProcessing(id, 'SET progress = :p, updatedAt = :at', { ':p': progress, ':at': at });
  }

  async complete(id: string, output: JobOutput, at: string): Promise<void> {
    await this.finishIfProcessing(
      id,
      'SET #s = :completed, progress = :hundred, #o = :output, completedAt = :at, updatedAt = :at',
      { ':completed': 'completed', ':hundred': 100, ':output': output, ':at': at },
      { '#o': 'output' },
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

  private async finishIfProcessing(
    id: string,
    expression: string,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
  ): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: expression,
        ConditionExpression: '#s = :isProcessing',
        ExpressionAttributeNames: { '#s': 'status', ...names },
        ExpressionAttributeValues: { ...values, ':isProcessing': 'processing' },
      }),
    );
  }
}
