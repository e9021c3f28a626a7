import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { imageInput } from '../ffmpeg/input-guards';

/**
 * The ffmpeg arguments that turn a finished output into a test key's: at most
 * `TEST_MODE.maxOutputSeconds` long, pictures at most 480 pixels high with
 * the watermark burned in, and the watermark named in the file's comment too
 * (so a client or a test can tell without looking at a frame).
 */

/** What a finished output holds, as far as the cap is concerned. */
export type CappedKind = 'video' | 'audio' | 'still';

/** Scales down to the cap (never up), keeping the aspect ratio and the even sides 4:2:0 needs. */
export const SCALE_FILTER = `scale=-2:'min(${TEST_MODE.maxOutputHeight},trunc(ih/2)*2)'`;

/**
 * The watermark: the text on a translucent band near the foot of the picture,
 * sized by the picture so it stays readable at any size. Path and text are
 * ours (no user input), escaped only for the filtergraph.
 */
export function watermarkFilter(fontFile: string): string {
  return [
    `drawtext=fontfile=${fontFile}`,
    `text='${TEST_MODE.watermark}'`,
    'fontcolor=white@0.85',
    'fontsize=h/10',
    'box=1',
    'boxcolor=black@0.5',
    'boxborderw=8',
    'x=(w-text_w)/2',
    'y=h-text_h-h/12',
  ].join(':');
}

const COMMENT = ['-metadata', `comment=${TEST_MODE.watermark}`];

/** Encoders a container holds: WebM takes VP9 and Opus, every other container we write H.264 and AAC. */
function videoCodecs(extension: string): string[] {
  if (extension === 'webm') return ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-c:a', 'libopus', '-b:a', '96k'];
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
}

/** The arguments for one output, by what it holds; `fontFile` already escaped for a filter. */
export function testCapArgs(kind: CappedKind, input: string, output: string, extension: string, fontFile: string): string[] {
  const picture = `${SCALE_FILTER},${watermarkFilter(fontFile)}`;
  if (kind === 'still') return [...imageInput(input), '-map', '0:v:0', '-vf', picture, '-frames:v', '1', '-q:v', '3', output];
  const seconds = ['-t', String(TEST_MODE.maxOutputSeconds)];
  // Sound only: the duration is the cap; stream copy keeps its codec and container as the operation made them.
  if (kind === 'audio') return ['-i', input, ...seconds, '-map', '0:a:0', '-c', 'copy', ...COMMENT, output];
  const faststart = extension === 'webm' || extension === 'mkv' ? [] : ['-movflags', '+faststart'];
  return ['-i', input, ...seconds, '-map', '0:v:0', '-map', '0:a:0?', '-vf', picture, ...videoCodecs(extension), ...COMMENT, ...faststart, output];
}
