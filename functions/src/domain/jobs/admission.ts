import type { JobError } from './job';

/** What a probe tells us about an input, as far as admission cares. */
export interface ProbedInput {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

/** Inputs are admitted by what they hold, not by their size in bytes. */
export const ADMISSION_LIMITS = {
  maxDurationSeconds: 4 * 3600,
  maxWidth: 7680,
  maxHeight: 7680,
  /** 8K UHD: 7680 x 4320. */
  maxPixels: 7680 * 4320,
} as const;

export type Admission<T extends ProbedInput> = { admitted: T } | { refusal: JobError };

/** Admits a probed input, or says why not in words the caller can act on. */
export function admitInput<T extends ProbedInput>(probe: T | undefined, param: string): Admission<T> {
  const refusal = refuseInput(probe, param);
  return refusal || !probe ? { refusal: refusal ?? unreadable(param) } : { admitted: probe };
}

const unreadable = (param: string): JobError => ({
  code: 'invalid_media',
  message: 'Error: the uploaded file is not a video or audio file that can be read.',
  param,
  hint: 'Upload an MP4, MOV, MKV, WebM, MP3 or WAV file.',
});

/** A reason to refuse the input, or undefined when it may be processed. */
export function refuseInput(probe: ProbedInput | undefined, param: string): JobError | undefined {
  if (!probe || (!probe.hasVideo && !probe.hasAudio)) return unreadable(param);
  if (probe.durationSeconds > ADMISSION_LIMITS.maxDurationSeconds) {
    return {
      code: 'input_too_long',
      message: `Error: the input lasts ${Math.round(probe.durationSeconds)} s; the limit is ${ADMISSION_LIMITS.maxDurationSeconds} s.`,
      param,
      hint: 'Split the input into shorter parts.',
    };
  }
  const { width, height } = probe;
  if (
    width !== null &&
    height !== null &&
    (width > ADMISSION_LIMITS.maxWidth || height > ADMISSION_LIMITS.maxHeight || width * height > ADMISSION_LIMITS.maxPixels)
  ) {
    return {
      code: 'resolution_too_high',
      message: `Error: the video is ${width}x${height}; the largest accepted is 8K (7680x4320).`,
      param,
      hint: 'Scale the video down before sending it.',
    };
  }
  return undefined;
}
