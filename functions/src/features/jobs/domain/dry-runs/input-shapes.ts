import type { PlannedInput } from '../../contracts/dry-run';
import type { MediaProbe } from '../../../../kernel/contracts/media-probe';
import type { InputRole } from '../../contracts/media-jobs';

/** One input of a dry run as its headers describe it: what the plan and the estimate are made from. */
export interface InputShape {
  role: InputRole;
  /** The request field it came in, named by any refusal. */
  field: string;
  container: string;
  /** The file's size: what a stream copy's time follows. */
  megabytes: number;
  /** Seconds; 0 when the headers do not say. */
  seconds: number;
  /** The picture's own length where the file gives one (a redub keeps it), else `seconds`. */
  videoSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  sampleRate: number | null;
  channels: number | null;
}

/** The first video and audio streams decide, as they do for the worker (it maps `0:v:0` and `0:a:0`). */
export function shapeOf(probe: MediaProbe, role: InputRole, field: string): InputShape {
  const video = probe.streams.find((stream) => stream.type === 'video');
  const audio = probe.streams.find((stream) => stream.type === 'audio');
  const seconds = probe.duration ?? Math.max(0, ...probe.streams.map((stream) => stream.duration ?? 0));
  return {
    role,
    field,
    container: probe.container,
    megabytes: probe.size / 1e6,
    seconds,
    videoSeconds: video?.duration ?? seconds,
    hasVideo: video !== undefined && (video.width ?? 0) > 0 && (video.height ?? 0) > 0,
    hasAudio: audio !== undefined,
    width: video?.width ?? null,
    height: video?.height ?? null,
    fps: video?.frame_rate ?? null,
    videoCodec: video?.codec ?? null,
    audioCodec: audio?.codec ?? null,
    sampleRate: audio?.sample_rate ?? null,
    channels: audio?.channels ?? null,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** How the answer shows an input. */
export function plannedInput(shape: InputShape): PlannedInput {
  return {
    field: shape.field,
    duration: shape.seconds > 0 ? round3(shape.seconds) : null,
    width: shape.hasVideo ? shape.width : null,
    height: shape.hasVideo ? shape.height : null,
    frame_rate: shape.hasVideo ? shape.fps : null,
    has_video: shape.hasVideo,
    has_audio: shape.hasAudio,
  };
}
