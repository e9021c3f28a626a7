import type { MediaEndpoint } from './media-jobs';

/**
 * The path each job type is asked for by, apart from the endpoint table
 * (`product-endpoints.ts`, which takes its paths from here): a task or log
 * read names its endpoint without loading every operation's request schemas.
 */
export const JOB_PATHS: Readonly<Record<MediaEndpoint, string>> = {
  frame_last: '/frame/last',
  cut: '/cut',
  crop: '/crop',
  merge: '/merge',
  merge_urls: '/merge_urls',
  redub: '/redub',
  redub_tts: '/redub_tts',
  redub_vc: '/redub_vc',
  captions_auto: '/captions/auto',
  voices: '/eleven/voices',
};

/** The path each job type is asked for by: what tasks and logs show as their endpoint. */
export const pathOfJobType = (type: MediaEndpoint): string => JOB_PATHS[type];
