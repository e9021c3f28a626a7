import type { MediaEndpoint } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { captionsAuto } from './captions-auto/captions-auto';
import { crop } from './crop/crop';
import { cut } from './cut/cut';
import { frameLast } from './frame-last/frame-last';
import { merge } from './merge/merge';
import { mergeUrls } from './merge-urls/merge-urls';
import type { Operation } from './operation';
import { redub } from './redub/redub';
import { redubTts } from './redub-tts/redub-tts';
import { redubVc } from './redub-vc/redub-vc';
import { voices } from './voices/voices';

/** The worker's operations by job type, one for every type a job can have; each lives in its own folder. */
export const operations: { [T in MediaEndpoint]: Operation<T> } = {
  cut,
  captions_auto: captionsAuto,
  merge_urls: mergeUrls,
  crop, frame_last: frameLast, merge,
  redub, redub_tts: redubTts, redub_vc: redubVc, voices,
};
