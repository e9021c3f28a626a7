import type { MediaEndpoint } from '@frameforge/functions/features/jobs/contracts/media-jobs';

/** One admitted input as the estimate reads it: its bytes and what the probe found. */
export interface ScratchInput {
  bytes: number;
  durationSeconds: number;
  width: number | null;
  height: number | null;
  fps?: number | null;
}

/**
 * How each job type writes its result: `encode` re-encodes the picture
 * (H.264 at CRF 20) and sound; `copy` keeps the picture as it is and writes
 * new sound; `still` one JPEG; `none` a small list.
 */
type OutputKind = 'encode' | 'copy' | 'still' | 'none';

const OUTPUT_KINDS: Record<MediaEndpoint, OutputKind> = {
  cut: 'encode',
  crop: 'encode',
  merge: 'encode',
  merge_urls: 'encode',
  captions_auto: 'encode',
  redub: 'copy',
  redub_tts: 'copy',
  redub_vc: 'copy',
  frame_last: 'still',
  voices: 'none',
};

/** 48 kHz stereo 16-bit: one working WAV track, per second. */
const WAV_TRACK = 192_000;

/**
 * Working files per second of input besides the result: the WAV tracks a
 * redub writes (extracted, separated, spoken, fitted, mixed) and the speech
 * recogniser's 16 kHz mono copy.
 */
const WORKING_BYTES_PER_SECOND: Partial<Record<MediaEndpoint, number>> = {
  redub: 6 * WAV_TRACK,
  redub_vc: 4 * WAV_TRACK,
  redub_tts: 3 * WAV_TRACK,
  captions_auto: 32_000,
};

/** 192 kbit/s AAC, every output's sound. */
const AUDIO_BYTES_PER_SECOND = 24_000;
/** H.264 at CRF 20 on busy footage; calm footage takes half of it or less. */
const BITS_PER_PIXEL = 0.15;
/** An input denser than usual (grain, noise) encodes denser too, up to this factor. */
const DENSE_INPUT_FACTOR = 2;
/** The largest JPEG of an 8K frame, with room. */
const STILL_BYTES = 20 * 1024 ** 2;
/** Estimates are estimates: a margin on top. */
const MARGIN = 1.25;
/** Muxing, probes and small files of any job, whatever its inputs. */
export const SCRATCH_RESERVE_BYTES = 256 * 1024 ** 2;

/** Bytes per second our encoder writes for this input's picture, denser when the input itself is. */
function encodedRate(input: ScratchInput): number {
  if (input.width === null || input.height === null) return AUDIO_BYTES_PER_SECOND;
  const usual = (input.width * input.height * (input.fps ?? 30) * BITS_PER_PIXEL) / 8;
  const own = input.durationSeconds > 0 ? input.bytes / input.durationSeconds : 0;
  return Math.max(usual, Math.min(own, DENSE_INPUT_FACTOR * usual)) + AUDIO_BYTES_PER_SECOND;
}

/**
 * The scratch disk a job needs beyond its inputs (already on disk when this
 * is asked): its result and its working files, from the inputs' length,
 * picture and bytes and from how the job type writes. An upper estimate, so
 * a job is refused before it starts rather than when the disk fills half-way.
 */
export function estimateScratchBytes(type: MediaEndpoint, inputs: readonly ScratchInput[]): number {
  const kind = OUTPUT_KINDS[type];
  let bytes = 0;
  let longest = 0;
  for (const input of inputs) {
    const seconds = Math.max(0, input.durationSeconds);
    longest = Math.max(longest, seconds);
    if (kind === 'encode') bytes += seconds * encodedRate(input);
    // The picture is copied as it is: the input's own bytes, plus new sound.
    if (kind === 'copy') bytes += input.bytes + seconds * AUDIO_BYTES_PER_SECOND;
  }
  // Working tracks run as long as the longest input (the video a voice is laid on).
  bytes += longest * (WORKING_BYTES_PER_SECOND[type] ?? 0);
  if (kind === 'still') bytes += STILL_BYTES;
  return Math.ceil(bytes * MARGIN) + SCRATCH_RESERVE_BYTES;
}

/** The scratch disk needed before any input arrives: the inputs whose sizes are known, and the reserve. */
export function estimateDownloadBytes(knownInputBytes: readonly number[]): number {
  return knownInputBytes.reduce((sum, bytes) => sum + bytes, 0) + SCRATCH_RESERVE_BYTES;
}
