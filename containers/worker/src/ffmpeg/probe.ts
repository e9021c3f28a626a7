import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { isDurationSuspicious, measuredDuration } from '../admission/admission';
import { isAcceptedFormat, MEDIA_FORMATS, MEDIA_WHITELIST, protocolOptions } from './input-guards';
import type { MediaProbe } from './media-probe';

const execFileAsync = promisify(execFile);

/**
 * Every ffprobe run of the worker starts here, so a test can count them (a
 * job probes each input once) while ffprobe itself really runs.
 */
export const ffprobe = {
  run: (args: readonly string[], options: { timeout: number; maxBuffer: number }): Promise<{ stdout: string; stderr: string }> =>
    execFileAsync('ffprobe', args, { ...options, encoding: 'utf8' }),
};

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
  const whitelists = [...protocolOptions(path), '-format_whitelist', accepted === MEDIA_FORMATS ? MEDIA_WHITELIST : accepted.join(',')];
  let stdout: string;
  try {
    ({ stdout } = await ffprobe.run(['-v', 'error', ...whitelists, '-print_format', 'json', '-show_format', '-show_streams', path], { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }));
  } catch {
    const refused = await refusedFormatOf(path, whitelists);
    return refused ? { refusedFormat: refused } : { unreadable: true };
  }
  const data = JSON.parse(stdout) as ProbeJson;
  const formatName = data.format?.format_name ?? '';
  if (!isAcceptedFormat(formatName, accepted)) return { refusedFormat: formatName || 'unknown' };
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const videoSeconds = Number(video?.duration);
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
    videoSeconds: Number.isFinite(videoSeconds) && videoSeconds > 0 ? videoSeconds : null,
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
  const stderr = await ffprobe.run(['-v', 'debug', ...whitelists, path], { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }).then(
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
  return { ...probe, durationSeconds, videoSeconds: real, headerDurationSeconds: probe.durationSeconds };
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
  const args = ['-v', 'error', ...protocolOptions(path), '-format_whitelist', MEDIA_WHITELIST, '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'json', path];
  try {
    const { stdout } = await ffprobe.run(args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 });
    const packets = Number((JSON.parse(stdout) as { streams?: { nb_read_packets?: string }[] }).streams?.[0]?.nb_read_packets ?? Number.NaN);
    return Number.isFinite(packets) ? packets : undefined;
  } catch {
    return undefined;
  }
}
