import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The update that ends a queued or processing job as canceled. Its
 * condition and those of `complete` and `fail` all read the status, so when
 * a cancel and a job's end race, exactly one of them writes: the other
 * finds the job ended. The lease ends with it, so the worker's next renewal
 * or completion of this job fails too.
 */
export function cancelCommand(tableName: string, id: string, at: string): UpdateCommand {
  return new UpdateCommand({
    TableName: tableName,
    Key: { id },
    UpdateExpression: 'SET #s = :canceled, canceledAt = :at, completedAt = :at, updatedAt = :at, leaseUntil = :ended',
    ConditionExpression: '#s IN (:queued, :processing)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':canceled': 'canceled', ':queued': 'queued', ':processing': 'processing', ':at': at, ':ended': null },
    ReturnValues: 'ALL_NEW',
  });
}
