import type { CropParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { JobError } from '@frameforge/functions/jobs';
import type { MediaProbe } from '../../ffmpeg/media-probe';

/** The crop rectangle, in the picture as it is shown (after rotation). */
export interface CropBox {
  w: number;
  h: number;
  x: number;
  y: number;
}

/** Audio codecs an MP4/MOV holds as they are; others are re-encoded so the output plays. */
const MP4_AUDIO = ['aac', 'mp3', 'alac', 'ac3', 'eac3', 'opus', 'flac'];

/** The frame as players show it: a quarter-turned video has its sides swapped. */
export function shownSize(probe: MediaProbe): { width: number; height: number } {
  const width = probe.width ?? 0;
  const height = probe.height ?? 0;
  return probe.rotation === 90 || probe.rotation === 270 ? { width: height, height: width } : { width, height };
}

/**
 * Checks the rectangle against the frame and fills in a centred x/y, as
 * ffmpeg's crop does. Odd sides lose one pixel: 4:2:0 video, the only kind
 * every player shows, has even sides.
 */
export function cropBox(params: CropParams, frame: { width: number; height: number }): { box: CropBox } | { refusal: JobError } {
  const size = `${frame.width}x${frame.height}`;
  const refuse = (param: keyof CropParams, what: string): { refusal: JobError } => ({
    refusal: {
      code: 'crop_out_of_bounds',
      message: `Error: ${what} is outside the ${size} frame.`,
      param,
      hint: `Choose a rectangle inside the ${size} frame.`,
    },
  });
  if (params.w > frame.width) return refuse('w', `w (${params.w})`);
  if (params.h > frame.height) return refuse('h', `h (${params.h})`);
  if (params.x !== undefined && params.x + params.w > frame.width) return refuse('x', `x + w (${params.x} + ${params.w})`);
  if (params.y !== undefined && params.y + params.h > frame.height) return refuse('y', `y + h (${params.y} + ${params.h})`);
  const w = params.w - (params.w % 2);
  const h = params.h - (params.h % 2);
  return {
    box: {
      w,
      h,
      x: params.x ?? Math.floor((frame.width - params.w) / 2),
      y: params.y ?? Math.floor((frame.height - params.h) / 2),
    },
  };
}

/** Re-encodes the cropped picture; the sound is copied when the container holds it as it is. */
export function cropArgs(input: string, output: string, box: CropBox, probe: MediaProbe): string[] {
  const args = ['-i', input, '-map', '0:v:0', '-vf', `crop=${box.w}:${box.h}:${box.x}:${box.y}`];
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  if (probe.hasAudio) {
    args.push('-map', '0:a:0?');
    if (MP4_AUDIO.includes(probe.audioCodec ?? '')) args.push('-c:a', 'copy');
    else args.push('-c:a', 'aac', '-b:a', '192k');
  }
  args.push('-movflags', '+faststart', output);
  return args;
}
