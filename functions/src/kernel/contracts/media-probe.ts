import * as z from 'zod';

/**
 * What `POST /probe` answers about a file: snake_case like the rest of the
 * API, every stream with the same keys (null where a key does not apply to
 * its type), so a client reads `streams[i].width` without checking the type.
 */
export const probedStreamSchema = z.object({
  index: z.number().int().min(0).meta({ description: 'The position of the stream in the file, from 0.' }),
  type: z.enum(['video', 'audio', 'subtitle', 'data']).meta({ description: 'What the stream carries.' }),
  codec: z.string().meta({ description: "The codec, named as ffmpeg names it where it has a name (h264, hevc, aac, mp3, opus…)." }),
  duration: z.number().nullable().meta({ description: 'The stream\'s length in seconds, when the file says.' }),
  width: z.number().int().nullable().meta({ description: 'Video: the width in pixels.' }),
  height: z.number().int().nullable().meta({ description: 'Video: the height in pixels.' }),
  frame_rate: z.number().nullable().meta({ description: 'Video: frames a second (29.97 for 30000/1001).' }),
  sample_rate: z.number().int().nullable().meta({ description: 'Audio: samples a second (44100, 48000…).' }),
  channels: z.number().int().nullable().meta({ description: 'Audio: the number of channels.' }),
});

export const mediaProbeSchema = z.object({
  object: z.literal('media_info'),
  duration: z.number().nullable().meta({ description: 'The length in seconds; null for a file that does not say (a still picture).' }),
  container: z.string().meta({ description: 'The container format, short and lowercase: mp4, mov, matroska, webm, avi, mpegts, mp3, wav, flac, ogg…' }),
  size: z.number().int().min(0).meta({ description: 'The file\'s size in bytes.' }),
  streams: z.array(probedStreamSchema).meta({ description: 'Every video, audio, subtitle and data stream, in file order.' }),
});

export type ProbedStream = z.infer<typeof probedStreamSchema>;
export type MediaProbe = z.infer<typeof mediaProbeSchema>;
