import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
}

/** Reads what a file holds; undefined when ffprobe cannot read it as media. */
export async function probeMedia(path: string): Promise<MediaProbe | undefined> {
  let stdout: string;
  try {
    ({ stdout } = await exec(
      'ffprobe',
      ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
    ));
  } catch {
    return undefined;
  }
  const data = JSON.parse(stdout) as ProbeJson;
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const duration = Number(data.format?.duration ?? video?.duration ?? Number.NaN);
  if (!Number.isFinite(duration) || streams.length === 0) return undefined;
  return {
    durationSeconds: duration,
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}
