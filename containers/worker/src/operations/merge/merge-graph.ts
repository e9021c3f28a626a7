import type { MergeClip } from './merge-plan';

/** The shape every clip is brought to before the concat filter joins them. */
export interface MergeTarget {
  /** Absent when no clip has a picture: the result is sound only. */
  video?: { width: number; height: number; fps: string };
}

/** A frame rate as ffmpeg reads it exactly: NTSC rates as n/1001, others to the millisecond. */
export function fpsText(fps: number | null | undefined): string {
  if (!fps || !Number.isFinite(fps)) return '30';
  const ntsc = Math.round(fps * 1.001);
  if (Math.abs(fps - (ntsc * 1000) / 1001) < 1e-3 && Math.abs(fps - ntsc) > 1e-3) return `${ntsc * 1000}/1001`;
  return String(Math.round(fps * 1000) / 1000);
}

/** The first clip with a picture sets the size (even sides) and the frame rate. */
export function mergeTarget(clips: readonly MergeClip[]): MergeTarget {
  const lead = clips.find((c) => c.probe.hasVideo && c.probe.width && c.probe.height)?.probe;
  if (!lead) return {};
  const turned = lead.rotation === 90 || lead.rotation === 270;
  const width = (turned ? lead.height : lead.width) ?? 2;
  const height = (turned ? lead.width : lead.height) ?? 2;
  const even = (n: number) => Math.max(2, n - (n % 2));
  return { video: { width: even(width), height: even(height), fps: fpsText(lead.fps) } };
}

/**
 * Scales (keeping the aspect ratio) and pads every clip to the target, at one
 * frame rate and pixel format; sound becomes 48 kHz stereo, and a clip
 * without sound (or picture) gets silence (or black) for its length.
 */
export function mergeFilterGraph(clips: readonly MergeClip[], target: MergeTarget): string {
  const parts: string[] = [];
  const labels: string[] = [];
  clips.forEach((clip, i) => {
    const seconds = clip.probe.durationSeconds.toFixed(3);
    const v = target.video;
    if (v) {
      const size = `${v.width}:${v.height}`;
      parts.push(
        clip.probe.hasVideo
          ? `[${i}:v:0]scale=${size}:force_original_aspect_ratio=decrease,pad=${size}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${v.fps},format=yuv420p[v${i}]`
          : `color=c=black:s=${v.width}x${v.height}:r=${v.fps}:d=${seconds},format=yuv420p[v${i}]`,
      );
      labels.push(`[v${i}]`);
    }
    parts.push(
      clip.probe.hasAudio
        ? `[${i}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${seconds}[a${i}]`,
    );
    labels.push(`[a${i}]`);
  });
  const outputs = target.video ? '[vout][aout]' : '[aout]';
  parts.push(`${labels.join('')}concat=n=${clips.length}:v=${target.video ? 1 : 0}:a=1${outputs}`);
  return parts.join(';');
}

/** The normalised re-encode: H.264 + AAC in MP4, or AAC alone in M4A. */
export function reencodeArgs(clips: readonly MergeClip[], target: MergeTarget, output: string): string[] {
  const args = clips.flatMap((clip) => ['-i', clip.path]);
  args.push('-filter_complex', mergeFilterGraph(clips, target));
  if (target.video) args.push('-map', '[vout]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  args.push('-map', '[aout]', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', output);
  return args;
}
