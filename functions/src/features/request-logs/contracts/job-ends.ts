import type { JobStatus } from '../../jobs/domain/job';

/** The statuses a job ends in, as the jobs table stores them. */
export const JOB_END_STATUSES = ['completed', 'failed', 'canceled'] as const satisfies readonly JobStatus[];

/**
 * The changes of the jobs table the task-outcome function is given: a job
 * stored already ended, or one changed into an end. They are Lambda event
 * filter patterns, which the CDK passes on as they are and the local stack's
 * event source applies; the function checks the same itself, so a change
 * handed to it without them (a replay, a test) is acted on only if it ends a job.
 */
export const JOB_END_FILTERS = [
  { eventName: ['INSERT'], dynamodb: { NewImage: { status: { S: [...JOB_END_STATUSES] } } } },
  {
    eventName: ['MODIFY'],
    dynamodb: { NewImage: { status: { S: [...JOB_END_STATUSES] } }, OldImage: { status: { S: [{ 'anything-but': [...JOB_END_STATUSES] }] } } },
  },
] as const;
