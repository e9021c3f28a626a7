/**
 * What ffprobe found in one input: admission judges it and every operation
 * plans from it, so each input is probed once per job.
 */
export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** ffprobe's `format.format_name`: the demuxer that really read the file. */
  formatName?: string;
  /** The video stream's average frame rate, when it has one. */
  fps?: number | null;
  /** The longest stream's own duration, to cross-check the container's. */
  streamDurationSeconds?: number | null;
  /** The first video stream's own duration, where the container gives one: a redub keeps the picture's length. */
  videoSeconds?: number | null;
  pixelFormat?: string | null;
  sizeBytes?: number;
  /** What the container's header claimed, when the packets told otherwise. */
  headerDurationSeconds?: number;
  /** The header looked wrong and the real length could not be measured in time. */
  durationUnverified?: boolean;
  /** The first video and audio streams' codecs and shape, to tell whether inputs can be joined by stream copy. */
  videoCodec?: string | null;
  videoProfile?: string | null;
  audioCodec?: string | null;
  sampleRate?: number | null;
  channels?: number | null;
  channelLayout?: string | null;
  /** Degrees the player turns the picture (display matrix or rotate tag), 0 when none. */
  rotation?: number;
}
