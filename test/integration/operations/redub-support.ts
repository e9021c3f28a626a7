import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Tone-like "speech" or background audio, made by ffmpeg. */
export async function makeTone(path: string, seconds: number, source = 'sine=frequency=880'): Promise<void> {
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}:duration=${seconds}`, '-ac', '2', path]);
}

export interface VideoFacts {
  codec: string;
  width: number;
  height: number;
  frames: number;
  audioCodec?: string;
  audioSeconds?: number;
  seconds: number;
}

interface Stream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  nb_read_packets?: string;
  duration?: string;
}

/** What the redub tests compare: the picture stream, the audio stream, the length. */
export async function videoFacts(path: string): Promise<VideoFacts> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-count_packets', '-show_streams', '-show_format', '-of', 'json', path]);
  const data = JSON.parse(stdout) as { streams: Stream[]; format: { duration: string } };
  const video = data.streams.find((s) => s.codec_type === 'video');
  const audio = data.streams.find((s) => s.codec_type === 'audio');
  return {
    codec: video?.codec_name ?? '',
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    frames: Number(video?.nb_read_packets ?? 0),
    audioCodec: audio?.codec_name,
    audioSeconds: audio?.duration ? Number(audio.duration) : undefined,
    seconds: Number(data.format.duration),
  };
}

/** Mean loudness of the first audio stream in dB, from volumedetect; optionally of one stretch of it. */
export async function meanVolume(path: string, from?: number, to?: number): Promise<number> {
  const trim = from === undefined || to === undefined ? [] : [`atrim=start=${from}:end=${to}`];
  const filters = [...trim, 'volumedetect'].join(',');
  const { stderr } = await exec('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-map', '0:a:0', '-af', filters, '-f', 'null', '-']);
  const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return match?.[1] === undefined || match[1] === '-inf' ? -Infinity : Number(match[1]);
}
