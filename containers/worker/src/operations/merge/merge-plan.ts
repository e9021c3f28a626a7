import { trustedInput } from '../../ffmpeg/input-guards';
import type { MediaProbe } from '../../ffmpeg/media-probe';

/** Containers a stream copy may write, by extension, and the demuxer that must really have read each input. */
const COPY_CONTAINERS: Record<string, string> = {
  mp4: 'mp4', m4v: 'mp4', mov: 'mov', m4a: 'mp4', mkv: 'matroska', webm: 'webm', mp3: 'mp3',
};

/** One input as the plan sees it: its probe and the extension of its name, if known. */
export interface MergeClip {
  path: string;
  extension: string | undefined;
  probe: MediaProbe;
}

const sameFps = (a: MediaProbe, b: MediaProbe) => Math.abs((a.fps ?? 0) - (b.fps ?? 0)) < 1e-3;

/** Everything a stream copy needs to be the same in every input for the joined file to play. */
function sameStreams(a: MediaProbe, b: MediaProbe): boolean {
  const video = a.hasVideo === b.hasVideo && (!a.hasVideo || (
    a.videoCodec === b.videoCodec && a.videoProfile === b.videoProfile && a.width === b.width && a.height === b.height &&
    a.pixelFormat === b.pixelFormat && sameFps(a, b) && (a.rotation ?? 0) === (b.rotation ?? 0)
  ));
  const audio = a.hasAudio === b.hasAudio && (!a.hasAudio || (
    a.audioCodec === b.audioCodec && a.sampleRate === b.sampleRate && a.channels === b.channels && a.channelLayout === b.channelLayout
  ));
  return video && audio;
}

/**
 * The extension of a stream-copied join, or undefined when the inputs must be
 * re-encoded: every input in the same container (as really read, not as
 * named) with the same codecs and shape as the first.
 */
export function copyExtension(clips: readonly MergeClip[]): string | undefined {
  const [first] = clips;
  if (!first?.extension || (first.probe.hasVideo && !first.probe.videoCodec)) return undefined;
  const demuxer = COPY_CONTAINERS[first.extension];
  if (!demuxer) return undefined;
  const fits = clips.every(
    (clip) => clip.extension === first.extension && (clip.probe.formatName ?? '').split(',').includes(demuxer) && sameStreams(first.probe, clip.probe),
  );
  return fits ? first.extension : undefined;
}

/** The concat demuxer's list, naming only our own local copies of the inputs. */
export function concatList(paths: readonly string[]): string {
  return paths.map((path) => `file '${path.replace(/'/g, "'\\''")}'\n`).join('');
}

/** Joins the inputs as they are: no decoding, no loss. Our list may name absolute paths (`-safe 0`); the files it names keep the media whitelist. */
export function copyArgs(list: string, output: string, mp4Like: boolean): string[] {
  const args = [...trustedInput(list, 'concat', ['-safe', '0']), '-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'];
  if (mp4Like) args.push('-movflags', '+faststart');
  args.push(output);
  return args;
}
