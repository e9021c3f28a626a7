import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../../../kernel/http/logging';
import { jobEndedBy } from '../../adapters/dynamodb/job-stream';
import { taskOutcomes } from '../../wiring/task-outcomes';

/**
 * The jobs table's change stream: each job that ends gets its outcome on
 * the log rows of the requests that made it or answered it again, and a
 * failure counts as an error of the day of each accepted live request. The
 * worker writes no portal table; this is where a job's end reaches them.
 *
 * The changes are taken in order. A write that fails stops the batch at its
 * change and names it, so that change and the ones after it come again
 * (the first write of an outcome is the only one that counts, so a change
 * seen twice changes nothing). A change whose image is not a job is logged
 * and passed over: it would fail the same way every time.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    let job: ReturnType<typeof jobEndedBy>;
    try {
      job = jobEndedBy(record);
    } catch (error) {
      logger.error('jobs stream: a change that is not a job was passed over', { error, event_id: record.eventID });
      continue;
    }
    if (!job) continue;
    try {
      const rows = await taskOutcomes().jobEnded(job);
      if (rows > 0) logger.info('task outcome logged', { job_id: job.id, job_status: job.status, log_rows: rows });
    } catch (error) {
      logger.error('jobs stream: the task outcome was not written, the change comes again', { error, job_id: job.id });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
