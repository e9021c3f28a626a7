import * as z from 'zod';
import { builtOnUse } from '../../../kernel/contracts/built-on-use';
import { flag } from './media-jobs';

/**
 * `dry_run=true` on a processing endpoint: the request is validated and its
 * inputs probed, and the answer is the plan (what the output will be and how
 * long the processing should take) instead of a task. Nothing is queued,
 * stored or counted.
 */

export const dryRunFlag = flag(false).meta({
  description:
    '1 validates the request and probes its inputs without running anything: the answer (200) is the plan, with the output\'s duration and dimensions and an estimate of the processing time. Nothing is queued, stored or counted against the per-minute limit; Idempotency-Key, download and callback_url are ignored. Default 0.',
});

/** The field as every processing endpoint's schema takes it. */
export const dryRunField = { dry_run: dryRunFlag };

/** Whether a body that its endpoint's schema accepted asks for a dry run. */
export const isDryRun = (body: Record<string, unknown>): boolean => dryRunFlag.safeParse(body.dry_run).data === true;

export const plannedInputSchema = builtOnUse(() =>
  z.object({
    field: z.string().meta({ description: 'The request field the input came in.' }),
    duration: z.number().nullable().meta({ description: 'Seconds, as its headers say; null for a still picture.' }),
    width: z.number().int().nullable().meta({ description: 'The picture\'s width in pixels; null without video.' }),
    height: z.number().int().nullable().meta({ description: 'The picture\'s height in pixels; null without video.' }),
    frame_rate: z.number().nullable().meta({ description: 'Frames a second; null without video.' }),
    has_video: z.boolean(),
    has_audio: z.boolean(),
  }),
);

export const plannedOutputSchema = builtOnUse(() =>
  z.object({
    media_type: z.string().meta({ description: 'The Content-Type of the output: video/mp4, audio/mp4, image/jpeg…' }),
    duration: z.number().nullable().meta({ description: 'Seconds the output will play; null for a still picture.' }),
    width: z.number().int().nullable().meta({ description: 'The output\'s width in pixels; null for sound only.' }),
    height: z.number().int().nullable().meta({ description: 'The output\'s height in pixels; null for sound only.' }),
    has_video: z.boolean(),
    has_audio: z.boolean(),
  }),
);

export const processingEstimateSchema = builtOnUse(() =>
  z.object({
    seconds: z.number().min(0).meta({ description: 'The expected processing time in seconds, from the moment a worker starts the task to its completion (time in the queue not included).' }),
    low_seconds: z.number().min(0).meta({ description: 'The lower end of the range the processing time falls in for most tasks (the measured error of the estimate).' }),
    high_seconds: z.number().min(0).meta({ description: 'The upper end of that range.' }),
    error_percent: z.number().min(0).meta({ description: 'The typical error of the estimate, in percent, as measured against real runs (median absolute error of the calibration runs).' }),
    model: z.string().meta({ description: 'Which cost model gave the estimate, e.g. crop or merge_copy.' }),
  }),
);

export const dryRunPlanSchema = builtOnUse(() =>
  z.object({
    object: z.literal('dry_run'),
    endpoint: z.string().meta({ description: 'The endpoint asked, e.g. /crop.' }),
    valid: z.literal(true).meta({ description: 'The request would be accepted as it is (a request that would not is answered with its error instead).' }),
    inputs: z.array(plannedInputSchema.unwrap()).meta({ description: 'Each input as probed, in the order given.' }),
    output: plannedOutputSchema.unwrap(),
    estimate: processingEstimateSchema.unwrap(),
  }),
);

export type PlannedInput = z.infer<typeof plannedInputSchema>;
export type PlannedOutput = z.infer<typeof plannedOutputSchema>;
export type ProcessingEstimate = z.infer<typeof processingEstimateSchema>;
export type DryRunPlan = z.infer<typeof dryRunPlanSchema>;
