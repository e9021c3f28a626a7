import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobSlots } from '../../domain/concurrency';

const conditionFailed = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * A user's running-job slots as one item of the usage-counters table: a map
 * from job id to the end of its lease. Taking a slot is one conditional
 * update on the map's size, so racing workers never exceed the cap; holders
 * whose lease ran out are swept before a refusal is final.
 */
export class DynamoDbJobSlotStore implements JobSlots {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async acquire(userId: string, jobId: string, cap: number, untilMs: number, nowMs: number): Promise<boolean> {
    const id = slotsId(userId);
    await this.client
      .send(new PutCommand({ TableName: this.tableName, Item: { id, holders: {} }, ConditionExpression: 'attribute_not_exists(id)' }))
      .catch((error: unknown) => {
        if (!conditionFailed(error)) throw error;
      });
    for (let round = 0; round < 2; round++) {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { id },
            UpdateExpression: 'SET holders.#job = :until',
            ConditionExpression: 'attribute_exists(holders.#job) OR size(holders) < :cap',
            ExpressionAttributeNames: { '#job': jobId },
            ExpressionAttributeValues: { ':until': untilMs, ':cap': cap },
          }),
        );
        return true;
      } catch (error) {
        if (!conditionFailed(error)) throw error;
      }
      if (round === 0 && !(await this.sweep(id, nowMs))) return false;
    }
    return false;
  }

  async renew(userId: string, jobId: string, untilMs: number): Promise<void> {
    await this.client
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { id: slotsId(userId) },
          UpdateExpression: 'SET holders.#job = :until',
          ConditionExpression: 'attribute_exists(holders.#job)',
          ExpressionAttributeNames: { '#job': jobId },
          ExpressionAttributeValues: { ':until': untilMs },
        }),
      )
      .catch((error: unknown) => {
        if (!conditionFailed(error)) throw error;
      });
  }

  async release(userId: string, jobId: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({ TableName: this.tableName, Key: { id: slotsId(userId) }, UpdateExpression: 'REMOVE holders.#job', ExpressionAttributeNames: { '#job': jobId } }),
    );
  }

  /** Drops holders whose lease ran out (each only if it was not renewed meanwhile); true when any went. */
  private async sweep(id: string, nowMs: number): Promise<boolean> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }));
    const holders = (out.Item?.holders ?? {}) as Record<string, number>;
    const expired = Object.entries(holders).filter(([, until]) => until < nowMs);
    await Promise.all(
      expired.map(([jobId, until]) =>
        this.client
          .send(
            new UpdateCommand({
              TableName: this.tableName,
              Key: { id },
              UpdateExpression: 'REMOVE holders.#job',
              ConditionExpression: 'holders.#job = :seen',
              ExpressionAttributeNames: { '#job': jobId },
              ExpressionAttributeValues: { ':seen': until },
            }),
          )
          .catch((error: unknown) => {
            if (!conditionFailed(error)) throw error;
          }),
      ),
    );
    return expired.length > 0;
  }
}

export const slotsId = (userId: string) => `slots#${userId}`;
