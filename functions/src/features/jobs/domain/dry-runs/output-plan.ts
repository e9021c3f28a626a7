import type { PlannedOutput } from '../../contracts/dry-run';
import type { AnyJobRequest } from '../../contracts/requests/parsed-request';
import { UnfitInputError } from '../../../../kernel/domain/errors';
import type { InputShape } from './input-shapes';
import { joinsByCopy, mergeLength, mergeUrlsLength } from './join-rules';

/**
 * What each operation makes of its probed inputs, by the worker's own rules
 * (the worker plans from ffprobe, we from the headers; they agree on
 * duration and size): the output's length, size and type. An input that
 * would fail the task is refused here with the code the task would carry.
 */

const even = (side: number) => Math.max(2, side - (side % 2));

function withVideo(input: InputShape, code: 'no_video_stream' | 'video_required', what: string): InputShape & { width: number; height: number } {
  if (!input.hasVideo || input.width === null || input.height === null) {
    throw new UnfitInputError(code, `The input in ${input.field} has no video stream, so ${what}.`, { param: input.field, hint: 'Send a video file (MP4, MOV, MKV or WebM).' });
  }
  return { ...input, width: input.width, height: input.height };
}

const video = (seconds: number, width: number, height: number, hasAudio: boolean): PlannedOutput => ({
  media_type: 'video/mp4',
  duration: Math.round(seconds * 1000) / 1000,
  width,
  height,
  has_video: true,
  has_audio: hasAudio,
});

function first(inputs: readonly InputShape[], role: InputShape['role']): InputShape {
  const found = inputs.find((input) => input.role === role);
  if (!found) throw new Error(`a validated request came without its ${role} input`);
  return found;
}

export function planOutput(request: AnyJobRequest, inputs: readonly InputShape[]): PlannedOutput {
  switch (request.job.type) {
    case 'frame_last': {
      const input = withVideo(first(inputs, 'file'), 'no_video_stream', 'it has no frame to take');
      const { width, height } = request.job.params;
      // scale=-1 keeps the aspect ratio, rounded as ffmpeg rounds it.
      const w = width ?? (height === undefined ? input.width : Math.round((height * input.width) / input.height));
      const h = height ?? (width === undefined ? input.height : Math.round((width * input.height) / input.width));
      return { media_type: 'image/jpeg', duration: null, width: w, height: h, has_video: true, has_audio: false };
    }
    case 'cut': {
      const input = first(inputs, 'file');
      const { start, duration } = request.job.params;
      if (start >= input.seconds) {
        throw new UnfitInputError('start_out_of_range', `start (${start} s) is at or beyond the end of the input (${input.seconds.toFixed(3)} s).`, {
          param: 'start',
          hint: 'Choose a start inside the media.',
        });
      }
      const rest = input.seconds - start;
      const seconds = duration === undefined ? rest : Math.min(rest, duration);
      if (!input.hasVideo || input.width === null || input.height === null) {
        return { media_type: 'audio/mp4', duration: Math.round(seconds * 1000) / 1000, width: null, height: null, has_video: false, has_audio: input.hasAudio };
      }
      return video(seconds, even(input.width), even(input.height), input.hasAudio);
    }
    case 'crop': {
      const input = withVideo(first(inputs, 'file'), 'no_video_stream', 'there is nothing to crop');
      const { w, h, x, y } = request.job.params;
      const size = `${input.width}x${input.height}`;
      const outside = (param: string, what: string) =>
        new UnfitInputError('crop_out_of_bounds', `${what} is outside the ${size} frame.`, { param, hint: `Choose a rectangle inside the ${size} frame.` });
      if (w > input.width) throw outside('w', `w (${w})`);
      if (h > input.height) throw outside('h', `h (${h})`);
      if (x !== undefined && x + w > input.width) throw outside('x', `x + w (${x} + ${w})`);
      if (y !== undefined && y + h > input.height) throw outside('y', `y + h (${y} + ${h})`);
      return video(input.seconds, even(w), even(h), input.hasAudio);
    }
    case 'merge': {
      const clips = inputs.filter((input) => input.role === 'files');
      const lead = clips.find((clip) => clip.hasVideo && clip.width !== null && clip.height !== null);
      const seconds = mergeLength(clips);
      if (!lead?.width || !lead.height) return { media_type: 'audio/mp4', duration: Math.round(seconds * 1000) / 1000, width: null, height: null, has_video: false, has_audio: true };
      const copied = !request.job.params.reencode && joinsByCopy(clips);
      return video(seconds, copied ? lead.width : even(lead.width), copied ? lead.height : even(lead.height), copied ? lead.hasAudio : true);
    }
    case 'merge_urls': {
      const clips = inputs.filter((input) => input.role === 'files').map((clip) => withVideo(clip, 'video_required', 'merge_urls, which joins videos, cannot take it'));
      const [lead] = clips;
      if (!lead) throw new Error('a validated merge came without clips');
      const seconds = mergeUrlsLength(clips, request.job.params.transition === undefined ? undefined : request.job.params.duration);
      return video(seconds, even(lead.width), even(lead.height), clips.some((clip) => clip.hasAudio));
    }
    case 'captions_auto': {
      const input = withVideo(first(inputs, 'video'), 'no_video_stream', 'there is no picture to put captions on');
      if (!input.hasAudio) {
        throw new UnfitInputError('no_audio_stream', 'The video has no audio track, so there is no speech to caption.', { param: input.field, hint: 'Send a video with its sound.' });
      }
      return video(input.seconds, input.width, input.height, true);
    }
    case 'redub':
    case 'redub_tts':
    case 'redub_vc': {
      // The picture is copied as it is; the new soundtrack is cut to the picture's length.
      const input = withVideo(first(inputs, 'video'), 'no_video_stream', 'there is no picture to redub');
      return video(input.videoSeconds, input.width, input.height, true);
    }
    case 'voices':
      throw new Error('the voice list is no processing endpoint and has no dry run');
  }
}
