import type { JobStatus } from '../../jobs/domain/job';

/** The statuses a job ends in, as the jobs table stores them. */
export const JOB_END_STATUSES = ['completed', 'failed', 'canceled'] as const satisfies readonly JobStatus[];

/**
 * The changes of the jobs table the task-outcome function is given: a job
 * stored already ended, or one changed into an end. They are Lambda event
 * filter patterns, which the CDK passes on as they are; the function checks
 * the same itself, so a consumer that cannot filter (the local stack) may
 * give it every change.
 */
export const JOB_END_FILTERS = [
  { eventName: ['INSERT'], dynamodb: { NewImage: { status: { S: [...JOB_END_STATUSES] } } } },
  {
    eventName: ['MODIFY'],
    dynamodb: { NewImage: { status: { S: [...JOB_END_STATUSES] } }, OldImage: { status: { S: [{ 'anything-but': [...JOB_END_STATUSES] }] } } },
  },
] as const;
