import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { JobError } from '@frameforge/functions/jobs';
import type { MediaProbe } from '../ffmpeg/media-probe';

/** Inputs are admitted by what they hold, not by their size in bytes; the longest allowed is each tier's. */
export const ADMISSION_LIMITS = {
  maxWidth: 7680,
  maxHeight: 7680,
  /** 8K UHD: 7680 x 4320. */
  maxPixels: 7680 * 4320,
  /** Above this a frame rate is a lie or a trick, not footage. */
  maxFps: 240,
} as const;

export interface WorkLimits {
  maxDurationSeconds: number;
  /** Pixels the input shows over its length: duration x fps x width x height. */
  maxWork: number;
}

/** One minute of 1080p at 30 fps: the unit the limits are thought in. */
const FHD_MINUTE = 1920 * 1080 * 30 * 60;

/** What one job of each tier may ask of a worker: basic < boost < elite. */
export const TIER_WORK_LIMITS: Record<Tier, WorkLimits> = {
  basic: { maxDurationSeconds: 30 * 60, maxWork: 10 * FHD_MINUTE },
  boost: { maxDurationSeconds: 2 * 3600, maxWork: 40 * FHD_MINUTE },
  elite: { maxDurationSeconds: 4 * 3600, maxWork: 120 * FHD_MINUTE },
};

/** Frames of an input whose rate is unknown count at 30 fps; audio counts as no pixels. */
export function workOf(input: { durationSeconds: number; width: number | null; height: number | null; fps?: number | null }): number {
  if (input.width === null || input.height === null) return 0;
  return input.durationSeconds * (input.fps ?? 30) * input.width * input.height;
}

/** Seconds of slack any ffmpeg run gets (start-up, muxing, a busy machine). */
const BASE_SECONDS = 60;
/** Wall-clock seconds allowed per input second and megapixel: ~1/4 realtime for 1080p on one vCPU would need 8. */
const SECONDS_PER_SECOND_MEGAPIXEL = 6;
/** Audio-only and tiny inputs still cost decoding and encoding. */
const MIN_MEGAPIXELS = 0.25;

/**
 * The wall-clock limit of each ffmpeg run of a job, from the admitted inputs:
 * a run past it is stopped and the job fails with `processing_timeout`.
 */
export function ffmpegTimeoutSeconds(inputs: readonly { durationSeconds: number; width: number | null; height: number | null }[]): number {
  let budget = BASE_SECONDS;
  for (const input of inputs) {
    const megapixels = input.width !== null && input.height !== null ? (input.width * input.height) / 1e6 : 0;
    budget += SECONDS_PER_SECOND_MEGAPIXEL * input.durationSeconds * Math.max(MIN_MEGAPIXELS, megapixels);
  }
  return Math.ceil(budget);
}

/**
 * Whether the header's duration deserves no trust: the container and the
 * streams disagree wildly, or a small file claims a long time. Such an input
 * is measured by counting its packets before it is admitted.
 */
export function isDurationSuspicious(probe: { durationSeconds: number; streamDurationSeconds?: number | null; sizeBytes?: number; hasVideo: boolean }): boolean {
  const stream = probe.streamDurationSeconds;
  if (stream !== null && stream !== undefined) {
    const gap = Math.abs(stream - probe.durationSeconds);
    if (gap > 2 && gap > 0.1 * Math.min(stream, probe.durationSeconds)) return true;
  }
  // Below ~16 kbit/s a video is either a still or a lie; counting its packets is cheap either way.
  return probe.hasVideo && probe.durationSeconds > 60 && probe.sizeBytes !== undefined && probe.sizeBytes / probe.durationSeconds < 2000;
}

/** The duration a video really holds, from its packet count and frame rate. */
export const measuredDuration = (packets: number, fps: number): number => packets / fps;

const unreadable = (param: string): JobError => ({
  code: 'invalid_media',
  message: 'Error: the uploaded file is not a video or audio file that can be read.',
  param,
  hint: 'Upload an MP4, MOV, MKV, WebM, MP3 or WAV file.',
});

/** A file whose real format (not its name) is one we never read: playlists, concat lists, SDP, subtitles... */
export const unsupportedFormat = (param: string, formatName: string): JobError => ({
  code: 'unsupported_format',
  message: `Error: the ${param} input is a ${formatName.replace(/[^\w,.-]/g, '').slice(0, 40) || 'unknown'} file, not a video or audio file we accept.`,
  param,
  hint: 'Upload an MP4, MOV, MKV, WebM, AVI, MP3, WAV, OGG, FLAC or AAC file; playlists and lists of other files are not accepted.',
});

/** A reason to refuse the input under the caller's tier, in words the caller can act on; undefined when it may be processed. */
export function refuseInput(probe: MediaProbe | undefined, param: string, tier: Tier): JobError | undefined {
  if (!probe || (!probe.hasVideo && !probe.hasAudio)) return unreadable(param);
  if (probe.durationUnverified) {
    return {
      code: 'invalid_media',
      message: 'Error: the input\'s header does not match what it holds, and its real length could not be read.',
      param,
      hint: 'Re-encode or remux the file and send it again.',
    };
  }
  const maxSeconds = TIER_WORK_LIMITS[tier].maxDurationSeconds;
  if (probe.durationSeconds > maxSeconds) {
    return {
      code: 'input_too_long',
      message: `Error: the input lasts ${Math.round(probe.durationSeconds)} s; the limit of the ${tier} plan is ${maxSeconds} s.`,
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
  if (probe.fps && probe.fps > ADMISSION_LIMITS.maxFps) {
    return {
      code: 'work_limit_exceeded',
      message: `Error: the video runs at ${Math.round(probe.fps)} frames per second; the most accepted is ${ADMISSION_LIMITS.maxFps}.`,
      param,
      hint: 'Convert the video to a usual frame rate (24-60 fps).',
    };
  }
  if (workOf(probe) > TIER_WORK_LIMITS[tier].maxWork) {
    const fhdMinutes = (work: number) => (work / (1920 * 1080 * 30 * 60)).toFixed(1);
    return {
      code: 'work_limit_exceeded',
      message: `Error: the input is too much work for the ${tier} plan: ${fhdMinutes(workOf(probe))} minutes of 1080p at 30 fps or its equal; the plan allows ${fhdMinutes(TIER_WORK_LIMITS[tier].maxWork)}.`,
      param,
      hint: 'Send a shorter or smaller video, or upgrade the plan.',
    };
  }
  return undefined;
}
