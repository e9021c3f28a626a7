import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod';
import { JOB_END_STATUSES } from '../../contracts/job-ends';
import type { EndedJob } from '../../domain/task-outcomes';

/** The fields of a stored job that its outcome is made of; the rest of the record is not read. */
const endedJobSchema = z.object({
  id: z.string().min(1),
  status: z.enum(JOB_END_STATUSES),
  error: z
    .object({ code: z.string(), message: z.string(), param: z.string().nullish(), hint: z.string().nullish() })
    .nullish()
    .transform((error) => (error ? { ...error, param: error.param ?? null, hint: error.hint ?? null } : null)),
  completedAt: z.string().nullish().transform((at) => at ?? null),
  updatedAt: z.string(),
  requestLogIds: z.array(z.string()).optional(),
});

const statusSchema = z.object({ status: z.string() });

/** Whether an image holds a job that has ended; an image without a status has not. */
const ended = (image: Record<string, unknown>): boolean => {
  const read = statusSchema.safeParse(image);
  return read.success && (JOB_END_STATUSES as readonly string[]).includes(read.data.status);
};

type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** Lambda's stream images and the SDK's attribute values are the same JSON; only their declared types differ. */
const imageOf = (image: StreamImage) => unmarshall(image as Record<string, AttributeValue>);

/**
 * The job a change of the jobs table ended: its new image is ended and its
 * old one (if any) was not. Undefined for every other change. A new image
 * that is not a job throws: it is logged and skipped, as retrying it would
 * give the same answer.
 */
export function jobEndedBy(record: DynamoDBRecord): (EndedJob & { id: string }) | undefined {
  const change = record.dynamodb;
  if (!change?.NewImage || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) return undefined;
  const after = imageOf(change.NewImage);
  if (!ended(after) || (change.OldImage && ended(imageOf(change.OldImage)))) return undefined;
  return endedJobSchema.parse(after);
}
