import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobLease } from '../../domain/job';

/**
 * The update that moves a job to processing under a new lease, counting the
 * try. `first` sets `startedAt` and holds only while it is unset; `again`
 * keeps it and holds only while it is set, so a retry never moves the start
 * of the first try (an update cannot set a field only while it is null).
 */
export function claimCommand(tableName: string, id: string, at: string, lease: JobLease | undefined, form: 'first' | 'again'): UpdateCommand {
  // Any start time sorts after the empty string; a null or missing one does not.
  const started = form === 'first' ? 'NOT (startedAt > :none)' : 'startedAt > :none';
  return new UpdateCommand({
    TableName: tableName,
    Key: { id },
    UpdateExpression: `SET #s = :processing, ${form === 'first' ? 'startedAt = :at, ' : ''}updatedAt = :at, leaseUntil = :until, leaseOwner = :owner ADD attempts :one`,
    // A processing job is taken over only once its holder's lease ran out (or it never had one).
    ConditionExpression: `(#s = :queued OR (#s = :processing AND (attribute_not_exists(leaseUntil) OR leaseUntil < :at))) AND ${started}`,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: {
      ':processing': 'processing',
      ':queued': 'queued',
      ':at': at,
      ':one': 1,
      ':none': '',
      ':until': lease?.until ?? at,
      ':owner': lease?.owner ?? null,
    },
  });
}
