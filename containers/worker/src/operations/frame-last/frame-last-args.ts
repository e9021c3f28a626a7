import type { FrameLastParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';

/** The furthest back a retry looks for a last frame, in seconds. */
export const MAX_EPSILON_SECONDS = 5;

/** `scale` for the requested size; one side alone keeps the aspect ratio (JPEG allows odd sides). */
export function frameScale(params: Pick<FrameLastParams, 'width' | 'height'>): string | undefined {
  const { width, height } = params;
  if (width === undefined && height === undefined) return undefined;
  return `scale=${width ?? -1}:${height ?? -1}`;
}

/** One JPEG frame, `epsilon` seconds before the end of the input. */
export function frameLastArgs(input: string, output: string, params: FrameLastParams, epsilon: number): string[] {
  const args = ['-sseof', `-${epsilon.toFixed(3)}`, '-i', input, '-map', '0:v:0', '-frames:v', '1'];
  const scale = frameScale(params);
  if (scale) args.push('-vf', scale);
  // `-update 1`: one still, not an image sequence, whatever the output is named.
  args.push('-q:v', String(params.jpg_quality), '-update', '1', output);
  return args;
}

/**
 * The offsets tried in turn: the requested one, then doubling, since an
 * epsilon shorter than the last frame's spacing (or a file whose end holds
 * no picture) decodes nothing.
 */
export function epsilonSteps(epsilon: number, max = MAX_EPSILON_SECONDS): number[] {
  const steps = [epsilon];
  for (let next = epsilon * 2; next < max; next *= 2) steps.push(next);
  if (epsilon < max) steps.push(max);
  return steps;
}
