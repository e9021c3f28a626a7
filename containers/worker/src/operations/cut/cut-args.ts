import type { CutParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { MediaProbe } from '../../ffmpeg/media-probe';

/**
 * Re-encodes rather than stream-copies, so the cut starts exactly at `start`
 * and lasts exactly `duration`, not at the nearest keyframes.
 */
export function cutArgs(input: string, output: string, params: CutParams, probe: MediaProbe): string[] {
  const args = ['-ss', params.start.toFixed(3), '-i', input];
  if (params.duration !== undefined) args.push('-t', params.duration.toFixed(3));
  if (probe.hasVideo) {
    args.push('-map', '0:v:0');
    // 4:2:0 needs even sides: an odd-sized input loses its last row or column instead of failing.
    if ((probe.width ?? 0) % 2 === 1 || (probe.height ?? 0) % 2 === 1) args.push('-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2');
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  }
  if (probe.hasAudio) args.push('-map', '0:a:0?', '-c:a', 'aac', '-b:a', '192k');
  args.push('-movflags', '+faststart', output);
  return args;
}

/** Seconds the output will last, for progress. */
export function cutLength(params: CutParams, probe: MediaProbe): number {
  const rest = Math.max(0, probe.durationSeconds - params.start);
  return params.duration === undefined ? rest : Math.min(rest, params.duration);
}
