import type { z } from 'zod';
import { JOB_PATHS } from './job-paths';
import type { MediaEndpoint } from './media-jobs';
import type { Tier } from '../../../kernel/contracts/plans';
import { captionsRequestSchema } from './requests/caption-requests';
import { cropRequestSchema, cutRequestSchema, frameLastRequestSchema, mergeRequestSchema, mergeUrlsRequestSchema } from './requests/media-requests';
import type { AnyJobRequest } from './requests/parsed-request';
import { redubRequestSchema, redubTtsRequestSchema, redubVcRequestSchema } from './requests/voice-requests';

/**
 * The processing endpoints of the product API, described once: the handlers,
 * the OpenAPI document, the docs page and the index (`GET /`) all read this
 * list. The route table builds their routes from the kernel's
 * PROCESSING_ROUTES (path and handler module only), which a test keeps equal
 * to it.
 */

/** A feature only some plans have, and which request uses it. */
export interface TierRule {
  /** The parameter that asks for the feature (named in the 403). */
  readonly param: string;
  /** Plain words for the feature, e.g. "Transitions". */
  readonly feature: string;
  readonly minTier: Tier;
  /** The whole endpoint needs the plan, or only requests that use the parameter this way. */
  readonly scope: 'endpoint' | 'param';
  readonly appliesTo: (request: AnyJobRequest) => boolean;
}

export interface JobEndpoint {
  readonly path: string;
  readonly method: 'POST';
  readonly type: MediaEndpoint;
  readonly summary: string;
  readonly schema: z.ZodType<AnyJobRequest>;
  /** Fields that may repeat (`files`, `files[]`…) and so arrive as lists. */
  readonly listFields: readonly string[];
  /** What a finished request answers: the task (202, or a redirect with download=1), or the image itself. */
  readonly answers: 'task' | 'image';
  readonly tierRules: readonly TierRule[];
  /** A beta feature: Elite only. */
  readonly beta?: boolean;
}

const whole = (param: string, feature: string, minTier: Tier): TierRule => ({ param, feature, minTier, scope: 'endpoint', appliesTo: () => true });

/** bg_source=separate (AI separation) is a beta feature. */
const separation: TierRule = {
  param: 'bg_source',
  feature: 'AI background separation (bg_source=separate)',
  minTier: 'elite',
  scope: 'param',
  appliesTo: (request) => 'bg_source' in request.job.params && request.job.params.bg_source === 'separate',
};

export const JOB_ENDPOINTS: readonly JobEndpoint[] = [
  {
    path: JOB_PATHS.frame_last,
    method: 'POST',
    type: 'frame_last',
    summary: 'The last frame of a video as a JPEG.',
    schema: frameLastRequestSchema,
    listFields: [],
    answers: 'image',
    tierRules: [],
  },
  { path: JOB_PATHS.cut, method: 'POST', type: 'cut', summary: 'Cut a segment, frame-exact.', schema: cutRequestSchema, listFields: [], answers: 'task', tierRules: [] },
  { path: JOB_PATHS.crop, method: 'POST', type: 'crop', summary: 'Crop the picture to a rectangle.', schema: cropRequestSchema, listFields: [], answers: 'task', tierRules: [] },
  {
    path: JOB_PATHS.merge,
    method: 'POST',
    type: 'merge',
    summary: 'Join uploaded videos one after another.',
    schema: mergeRequestSchema,
    listFields: ['files', 'file_ids'],
    answers: 'task',
    tierRules: [],
  },
  {
    path: JOB_PATHS.merge_urls,
    method: 'POST',
    type: 'merge_urls',
    summary: 'Join videos from URLs, with transitions between them.',
    schema: mergeUrlsRequestSchema,
    listFields: ['urls', 'file_ids'],
    answers: 'task',
    tierRules: [
      { param: 'transition', feature: 'Transitions', minTier: 'boost', scope: 'param', appliesTo: (request) => 'transition' in request.job.params && request.job.params.transition !== undefined },
    ],
  },
  {
    path: JOB_PATHS.redub,
    method: 'POST',
    type: 'redub',
    summary: 'Replace or mix the voice track of a video.',
    schema: redubRequestSchema,
    listFields: [],
    answers: 'task',
    tierRules: [separation],
  },
  {
    path: JOB_PATHS.redub_tts,
    method: 'POST',
    type: 'redub_tts',
    summary: 'Speak a script with a voice, fitted to the video, and redub it.',
    schema: redubTtsRequestSchema,
    listFields: [],
    answers: 'task',
    tierRules: [separation],
  },
  {
    path: JOB_PATHS.redub_vc,
    method: 'POST',
    type: 'redub_vc',
    summary: 'Convert the voice to another voice and redub the video (beta).',
    schema: redubVcRequestSchema,
    listFields: [],
    answers: 'task',
    tierRules: [whole('voice_id', 'Voice conversion (/redub_vc, beta)', 'elite'), separation],
    beta: true,
  },
  {
    path: JOB_PATHS.captions_auto,
    method: 'POST',
    type: 'captions_auto',
    summary: 'Transcribe speech and burn styled captions into the video.',
    schema: captionsRequestSchema,
    listFields: [],
    answers: 'task',
    tierRules: [whole('video', 'Auto captions', 'boost')],
  },
];

export const jobEndpointOf = (type: MediaEndpoint): JobEndpoint => {
  const found = JOB_ENDPOINTS.find((endpoint) => endpoint.type === type);
  if (!found) throw new Error(`No endpoint for ${type}`);
  return found;
};

export { pathOfJobType } from './job-paths';
