import type { PlannedOutput } from '../../contracts/dry-run';
import { X264_PRESETS } from '../../contracts/media-jobs';
import type { AnyJobRequest } from '../../contracts/requests/parsed-request';
import type { InputShape } from './input-shapes';
import { joinsByCopy } from './join-rules';

/**
 * The work a request asks of the worker, in one number per cost model: the
 * model turns it into seconds (`estimate-model.ts`). Video work is counted
 * in megapixel-frames (width x height x frames / 10^6), decoding weighted
 * below encoding, as x264 spends most of the time; sound-only work in
 * seconds of media; a stream copy in megabytes.
 */

export type CostModel = 'frame_last' | 'cut' | 'cut_audio' | 'crop' | 'merge_copy' | 'merge' | 'merge_urls' | 'redub' | 'redub_tts' | 'redub_vc' | 'captions_auto';

export interface Work {
  model: CostModel;
  units: number;
}

/** Decoding H.264 costs about a quarter of encoding it with x264 veryfast (the worker's default preset). */
export const DECODE_WEIGHT = 0.25;
/**
 * merge_urls conforms every frame (scale, pad, fps, tpad, trim) before xfade
 * or concat: about as much as a veryfast encode, by the bench's ultrafast
 * 1080p and veryfast and slow 360p runs, which no other weight fits together.
 */
export const CONFORM_WEIGHT = 1;
/** x264's encoding time by preset, relative to veryfast, on the worker's encoder settings. */
export const PRESET_WEIGHTS: Readonly<Record<(typeof X264_PRESETS)[number], number>> = {
  ultrafast: 0.45,
  superfast: 0.65,
  veryfast: 1,
  faster: 1.5,
  fast: 1.9,
  medium: 2.4,
  slow: 3.8,
  slower: 7,
  veryslow: 14,
};

const FALLBACK_FPS = 30;

/** Megapixel-frames of a picture over some seconds. */
export const megapixelFrames = (width: number, height: number, fps: number | null, seconds: number) => (width * height * (fps ?? FALLBACK_FPS) * seconds) / 1e6;

const framesOf = (input: InputShape) => (input.hasVideo && input.width && input.height ? megapixelFrames(input.width, input.height, input.fps, input.seconds) : 0);

const outputFrames = (output: PlannedOutput, fps: number | null) =>
  output.width && output.height && output.duration ? megapixelFrames(output.width, output.height, fps, output.duration) : 0;

export function workOf(request: AnyJobRequest, inputs: readonly InputShape[], output: PlannedOutput): Work {
  const [lead] = inputs;
  const fps = lead?.fps ?? null;
  const decoded = inputs.reduce((sum, input) => sum + framesOf(input), 0) * DECODE_WEIGHT;
  switch (request.job.type) {
    case 'frame_last':
      // A seek to the last keyframe, then decoding to the end: about a second of frames.
      return { model: 'frame_last', units: lead?.width && lead.height ? megapixelFrames(lead.width, lead.height, fps, 1) : 0 };
    case 'cut': {
      if (!output.has_video) return { model: 'cut_audio', units: output.duration ?? 0 };
      // The input is read from the keyframe before start: the cut part is what is decoded and encoded.
      return { model: 'cut', units: outputFrames(output, fps) * (1 + DECODE_WEIGHT) };
    }
    case 'crop':
      return { model: 'crop', units: decoded + outputFrames(output, fps) };
    case 'merge': {
      const clips = inputs.filter((input) => input.role === 'files');
      // A stream copy reads and writes bytes, decoding nothing: its time follows the files' size.
      if (!request.job.params.reencode && joinsByCopy(clips)) return { model: 'merge_copy', units: clips.reduce((sum, clip) => sum + clip.megabytes, 0) };
      return { model: 'merge', units: decoded + outputFrames(output, fps) + (output.has_video ? 0 : (output.duration ?? 0)) };
    }
    case 'merge_urls':
      return { model: 'merge_urls', units: decoded + outputFrames(output, fps) * (CONFORM_WEIGHT + PRESET_WEIGHTS[request.job.params.v_preset]) };
    case 'captions_auto':
      // Burning the captions re-encodes the picture; recognising the speech scales with its length.
      return { model: 'captions_auto', units: decoded + outputFrames(output, fps) + (output.duration ?? 0) };
    case 'redub':
    case 'redub_tts':
    case 'redub_vc':
      // The picture is copied; the work is the sound, as long as the output.
      return { model: request.job.type, units: output.duration ?? 0 };
    case 'voices':
      throw new Error('the voice list is no processing endpoint and has no dry run');
  }
}
