import type { MediaProbe, ProbedStream } from '../../../../kernel/contracts/media-probe';

/**
 * MediaInfoLib's names (its `object` output) turned into ours. Codecs and
 * containers take ffmpeg's short names where MediaInfo has its own (AVC is
 * h264, MPEG-4 is mp4), because that is what our users read in ffprobe and
 * pass to ffmpeg; a name we do not know passes through in lowercase.
 */

export type MediaInfoTrack = Record<string, unknown> & { '@type'?: unknown };

const CODECS: Readonly<Record<string, string>> = {
  AVC: 'h264',
  HEVC: 'hevc',
  AV1: 'av1',
  VP8: 'vp8',
  VP9: 'vp9',
  'MPEG-4 Visual': 'mpeg4',
  ProRes: 'prores',
  JPEG: 'mjpeg',
  PNG: 'png',
  GIF: 'gif',
  Theora: 'theora',
  FFV1: 'ffv1',
  'H.263': 'h263',
  AAC: 'aac',
  Opus: 'opus',
  Vorbis: 'vorbis',
  FLAC: 'flac',
  'AC-3': 'ac3',
  'E-AC-3': 'eac3',
  DTS: 'dts',
  ALAC: 'alac',
  'UTF-8': 'subrip',
  ASS: 'ass',
  SSA: 'ssa',
  'Timed Text': 'mov_text',
  WebVTT: 'webvtt',
};

const CONTAINERS: Readonly<Record<string, string>> = {
  QuickTime: 'mov',
  Matroska: 'matroska',
  WebM: 'webm',
  AVI: 'avi',
  'MPEG-TS': 'mpegts',
  'MPEG-PS': 'mpeg',
  'MPEG Audio': 'mp3',
  Wave: 'wav',
  FLAC: 'flac',
  Ogg: 'ogg',
  ADTS: 'aac',
  'Flash Video': 'flv',
  AIFF: 'aiff',
  'Windows Media': 'asf',
};

const TYPES: Readonly<Record<string, ProbedStream['type']>> = { Video: 'video', Image: 'video', Audio: 'audio', Text: 'subtitle', Other: 'data' };

const text = (track: MediaInfoTrack, key: string): string | undefined => {
  const value = track[key];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
};

/** A number MediaInfo gives as a number or as text ("48000", or "2 / 1" for a choice, of which the first is the main). */
const numberOf = (track: MediaInfoTrack, key: string): number | null => {
  const value = track[key];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

const integerOf = (track: MediaInfoTrack, key: string): number | null => {
  const value = numberOf(track, key);
  return value === null ? null : Math.round(value);
};

const round3 = (value: number | null): number | null => (value === null ? null : Math.round(value * 1000) / 1000);

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** PCM's ffmpeg name says its sign, width and byte order: pcm_s16le. */
function pcmName(track: MediaInfoTrack): string {
  const bits = integerOf(track, 'BitDepth') ?? 16;
  const float = text(track, 'Format_Settings_Sign') === 'Float' || text(track, 'Format_Profile') === 'Float';
  const sign = float ? 'f' : bits === 8 || text(track, 'Format_Settings_Sign') === 'Unsigned' ? 'u' : 's';
  const order = bits === 8 ? '' : text(track, 'Format_Settings_Endianness') === 'Big' ? 'be' : 'le';
  return `pcm_${sign}${bits}${order}`;
}

export function codecName(track: MediaInfoTrack): string {
  const format = text(track, 'Format') ?? 'unknown';
  if (format === 'PCM') return pcmName(track);
  if (format === 'MPEG Audio') return text(track, 'Format_Profile') === 'Layer 2' ? 'mp2' : 'mp3';
  if (format === 'MPEG Video') return text(track, 'Format_Version') === 'Version 1' ? 'mpeg1video' : 'mpeg2video';
  return CODECS[format] ?? slug(format);
}

export function containerName(general: MediaInfoTrack): string {
  const format = text(general, 'Format') ?? 'unknown';
  if (format === 'MPEG-4') return text(general, 'Format_Profile') === 'QuickTime' ? 'mov' : 'mp4';
  return CONTAINERS[format] ?? slug(format);
}

/** The exact rate from its fraction where MediaInfo gives one (30000/1001 is 29.97), else its rounded value. */
function frameRate(track: MediaInfoTrack): number | null {
  const num = numberOf(track, 'FrameRate_Num');
  const den = numberOf(track, 'FrameRate_Den');
  return round3(num !== null && den !== null && den > 0 ? num / den : numberOf(track, 'FrameRate'));
}

function streamOf(track: MediaInfoTrack, type: ProbedStream['type'], index: number): ProbedStream {
  const video = type === 'video';
  const audio = type === 'audio';
  return {
    index,
    type,
    codec: codecName(track),
    duration: round3(numberOf(track, 'Duration')),
    width: video ? integerOf(track, 'Width') : null,
    height: video ? integerOf(track, 'Height') : null,
    frame_rate: video ? frameRate(track) : null,
    sample_rate: audio ? integerOf(track, 'SamplingRate') : null,
    channels: audio ? integerOf(track, 'Channels') : null,
  };
}

/** Our answer from MediaInfo's tracks; undefined when it found no container (bytes it does not know). */
export function toMediaProbe(tracks: readonly MediaInfoTrack[], size: number): MediaProbe | undefined {
  const general = tracks.find((track) => track['@type'] === 'General');
  if (!general || text(general, 'Format') === undefined) return undefined;
  const streams: ProbedStream[] = [];
  for (const track of tracks) {
    const type = TYPES[String(track['@type'])];
    if (type) streams.push(streamOf(track, type, streams.length));
  }
  const duration = round3(numberOf(general, 'Duration')) ?? maxOf(streams.map((stream) => stream.duration));
  return { object: 'media_info', duration, container: containerName(general), size, streams };
}

function maxOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? Math.max(...known) : null;
}
