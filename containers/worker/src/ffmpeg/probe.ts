import { stat } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { isDurationSuspicious, measuredDuration } from '@frameforge/functions/domain/jobs/admission';
import { isAcceptedFormat, MEDIA_FORMATS, MEDIA_WHITELIST, PROTOCOL_WHITELIST } from './input-guards';

const exec = promisify(execFile);

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

/** What inspecting a file found: a probe, a format we refuse (by its real name), or nothing readable. */
export type Inspection = { probe: MediaProbe } | { refusedFormat: string } | { unreadable: true };

interface ProbeJson {
  format?: { duration?: string; format_name?: string; size?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string; avg_frame_rate?: string; r_frame_rate?: string; pix_fmt?: string; codec_name?: string; profile?: string; sample_rate?: string; channels?: number; channel_layout?: string; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
}

const PROBE_TIMEOUT_MS = 30_000;

/** Reads what a file holds; undefined when ffprobe cannot read it as media. */
export async function probeMedia(path: string): Promise<MediaProbe | undefined> {
  const found = await inspectMedia(path);
  return 'probe' in found ? found.probe : undefined;
}

/**
 * Probes with the same whitelists ffmpeg gets, so a playlist, concat list or
 * SDP is never opened. The real format of a refused file is named by ffprobe's
 * own probing log line, written before the demuxer would read anything.
 */
export async function inspectMedia(path: string, accepted: readonly string[] = MEDIA_FORMATS): Promise<Inspection> {
  // Admission and the operation's builder ask about the same file: one ffprobe run serves both.
  const { size, mtimeMs } = await stat(path).catch(() => ({ size: -1, mtimeMs: -1 }));
  const memoKey = `${path}\0${size}\0${mtimeMs}\0${accepted.join(',')}`;
  const known = inspected.get(memoKey);
  if (known) return known;
  const found = inspectUncached(path, accepted);
  if (size < 0) return found;
  // Kept while in flight too: a probe started as the download ended serves admission without a second run.
  if (inspected.size >= MEMO_ENTRIES) inspected.delete(inspected.keys().next().value ?? '');
  inspected.set(memoKey, found);
  void found.then(
    (result) => 'probe' in result || inspected.delete(memoKey),
    () => inspected.delete(memoKey),
  );
  return found;
}

const MEMO_ENTRIES = 64;
const inspected = new Map<string, Promise<Inspection>>();

async function inspectUncached(path: string, accepted: readonly string[]): Promise<Inspection> {
  const whitelists = ['-protocol_whitelist', PROTOCOL_WHITELIST, '-format_whitelist', accepted === MEDIA_FORMATS ? MEDIA_WHITELIST : accepted.join(',')];
  let stdout: string;
  try {
    ({ stdout } = await exec('ffprobe', ['-v', 'error', ...whitelists, '-print_format', 'json', '-show_format', '-show_streams', path], { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }));
  } catch {
    const refused = await refusedFormatOf(path, whitelists);
    return refused ? { refusedFormat: refused } : { unreadable: true };
  }
  const data = JSON.parse(stdout) as ProbeJson;
  const formatName = data.format?.format_name ?? '';
  if (!isAcceptedFormat(formatName, accepted)) return { refusedFormat: formatName || 'unknown' };
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const duration = Number(data.format?.duration ?? video?.duration ?? Number.NaN);
  if (!Number.isFinite(duration) || streams.length === 0) return { unreadable: true };
  const streamDurations = streams.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d));
  const probe: MediaProbe = {
    durationSeconds: duration,
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    width: video?.width ?? null,
    height: video?.height ?? null,
    formatName,
    fps: video ? (rate(video.avg_frame_rate) ?? rate(video.r_frame_rate)) : null,
    streamDurationSeconds: streamDurations.length ? Math.max(...streamDurations) : null,
    pixelFormat: video?.pix_fmt ?? null,
    sizeBytes: Number(data.format?.size ?? 0) || 0,
    ...streamDetails(video, streams.find((s) => s.codec_type === 'audio')),
  };
  return { probe: probe.hasVideo && isDurationSuspicious(probe) ? await measureDuration(path, probe) : probe };
}

type ProbeStream = NonNullable<ProbeJson['streams']>[number];

/** Codec and shape details of the first video and audio streams. */
function streamDetails(video: ProbeStream | undefined, audio: ProbeStream | undefined): Partial<MediaProbe> {
  const turn = video?.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(video?.tags?.rotate ?? 0);
  return {
    videoCodec: video?.codec_name ?? null,
    videoProfile: video?.profile ?? null,
    audioCodec: audio?.codec_name ?? null,
    sampleRate: audio?.sample_rate ? Number(audio.sample_rate) || null : null,
    channels: audio?.channels ?? null,
    channelLayout: audio?.channel_layout ?? null,
    rotation: Number.isFinite(turn) ? ((Math.round(turn) % 360) + 360) % 360 : 0,
  };
}

/** The format ffprobe detected before its whitelist refused it, from its own debug log. */
async function refusedFormatOf(path: string, whitelists: string[]): Promise<string | undefined> {
  const stderr = await exec('ffprobe', ['-v', 'debug', ...whitelists, path], { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }).then(
    (out) => out.stderr,
    (error: unknown) => String((error as { stderr?: unknown }).stderr ?? ''),
  );
  return /not on whitelist/.test(stderr) ? (/Format (\S+) probed with size/.exec(stderr)?.[1] ?? 'unknown') : undefined;
}

const COUNT_TIMEOUT_MS = 20_000;

/** A header that lies gains nothing: the duration becomes what the packets hold. */
async function measureDuration(path: string, probe: MediaProbe): Promise<MediaProbe> {
  const packets = await countVideoPackets(path, COUNT_TIMEOUT_MS);
  if (packets === undefined || !probe.fps) return { ...probe, durationUnverified: true };
  const real = measuredDuration(packets, probe.fps);
  // Audio may run past the last frame; the streams' own figure is kept when it is close.
  const streams = probe.streamDurationSeconds ?? real;
  const durationSeconds = Math.abs(streams - real) <= 1 ? Math.max(streams, real) : real;
  return { ...probe, durationSeconds, headerDurationSeconds: probe.durationSeconds };
}

/** `30000/1001` as a number; undefined for `0/0` and nonsense. */
export function rate(text: string | undefined): number | undefined {
  const [num, den] = (text ?? '').split('/').map(Number);
  const value = den ? (num ?? Number.NaN) / den : Number(num);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Counts the video packets (frames) the file really holds by reading it
 * through, without decoding. Bounded by a timeout; undefined when it cannot
 * tell in time, which the caller treats as a refusal.
 */
export async function countVideoPackets(path: string, timeoutMs: number): Promise<number | undefined> {
  const args = ['-v', 'error', '-protocol_whitelist', PROTOCOL_WHITELIST, '-format_whitelist', MEDIA_WHITELIST, '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'json', path];
  try {
    const { stdout } = await exec('ffprobe', args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 });
    const packets = Number((JSON.parse(stdout) as { streams?: { nb_read_packets?: string }[] }).streams?.[0]?.nb_read_packets ?? Number.NaN);
    return Number.isFinite(packets) ? packets : undefined;
  } catch {
    return undefined;
  }
}
