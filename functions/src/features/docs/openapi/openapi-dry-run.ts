import * as z from 'zod';
import { dryRunPlanSchema } from '../../jobs/contracts/dry-run';
import { ESTIMATE_ERROR } from '../../jobs/contracts/estimate-error';

/** What `dry_run=1` answers on a processing endpoint: the plan, from the schema the answer is typed by. */

const plan = z.toJSONSchema(dryRunPlanSchema.unwrap(), { io: 'output' }) as Record<string, unknown> & { properties: Record<string, unknown> };
delete plan.$schema;

export const dryRunSchemas = {
  DryRun: {
    ...plan,
    description: `The plan of a request sent with dry_run=1. The estimate's median error is ${ESTIMATE_ERROR.medianPercent} % and its largest ${ESTIMATE_ERROR.worstPercent} %, measured against real runs of every operation.`,
  },
};

const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The 200 a dry run answers; `/frame/last` answers its JPEG with a 200 too, so there the two share the status. */
export function dryRunResponse(image: boolean) {
  const planned = json({ $ref: '#/components/schemas/DryRun' });
  if (image) {
    return {
      description: 'The frame, when the task ends within about 25 s (X-Task-Id names it); with dry_run=1, the plan as JSON.',
      content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } }, ...planned },
    };
  }
  return { description: 'With dry_run=1: the plan (output duration and size, estimated processing time); nothing was queued or counted.', content: planned };
}
