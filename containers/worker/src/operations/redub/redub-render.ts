import { join } from 'node:path';
import type { RedubParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { mediaTypeOf } from '@frameforge/functions/jobs';
import type { MediaProbe } from '../../ffmpeg/media-probe';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import type { SeparationProvider } from '../../providers';
import { InputRejectedError, inputsOf, type LocalInput, type OperationResult } from '../operation';
import { planBackground, redubArgs } from './redub-graph';

export interface RedubVideo {
  path: string;
  probe: MediaProbe;
  /** The picture's own length, which the output keeps. */
  seconds: number;
}

/** The `video` input, as admission probed it; a file without picture is refused. */
export function loadVideo(context: { inputs: LocalInput[] }): RedubVideo {
  const [input] = inputsOf(context, 'video');
  const { probe } = input;
  if (!probe.hasVideo) {
    throw new InputRejectedError({
      code: 'invalid_media',
      message: 'Error: the video input holds no picture.',
      param: 'video_file',
      hint: 'Send a video file (MP4, MOV, MKV or WebM) as the video.',
    });
  }
  return { path: input.path, probe, seconds: probe.videoSeconds ?? probe.durationSeconds };
}

/** An audio input (voice, music and effects, speech) that really holds sound. */
export function withSound(input: LocalInput, param: string): LocalInput {
  if (!input.probe.hasAudio) {
    throw new InputRejectedError({ code: 'invalid_media', message: `Error: the ${param} input holds no sound.`, param, hint: 'Send a file with an audio track.' });
  }
  return input;
}

/** The video's soundtrack split into voice and background by the configured separator. */
export async function separateVideoAudio(
  video: RedubVideo,
  dir: string,
  separation: SeparationProvider,
  signal?: AbortSignal,
): Promise<{ voice: string; background: string }> {
  if (!video.probe.hasAudio) {
    throw new InputRejectedError({
      code: 'missing_audio',
      message: 'Error: bg_source separate needs the video to have sound, and it has none.',
      param: 'bg_source',
      hint: 'Use bg_source external with an me file, or send a video with sound.',
    });
  }
  const soundtrack = join(dir, 'soundtrack.wav');
  await runFfmpeg({ args: ['-i', video.path, '-map', '0:a:0', '-vn', '-ac', '2', '-ar', '44100', soundtrack], signal });
  const outputs = { voiceOut: join(dir, 'separated-voice.wav'), backgroundOut: join(dir, 'separated-background.wav') };
  await separation.separate(soundtrack, outputs, signal);
  return { voice: outputs.voiceOut, background: outputs.backgroundOut };
}

export interface RenderRequest {
  params: RedubParams;
  video: RedubVideo;
  voicePath: string;
  inputs: LocalInput[];
  dir: string;
  fileName: string;
  /** A background already separated (redub_vc separates before converting); otherwise separated here when asked. */
  separatedBackground?: string;
  separation: SeparationProvider;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** The shared end of every redub: finds the background, mixes, writes the .mp4. */
export async function renderRedub(request: RenderRequest): Promise<OperationResult> {
  const { params, video, dir, signal } = request;
  const plan = planBackground(params, video.probe.hasAudio);
  let background: string | undefined;
  if (params.bg_source === 'external') {
    const me = request.inputs.find((i) => i.role === 'me');
    if (!me) {
      throw new InputRejectedError({
        code: 'missing_input',
        message: 'Error: bg_source external needs a music and effects file (me_file).',
        param: 'me_file',
        hint: 'Upload the background as me_file, or choose another bg_source.',
      });
    }
    background = withSound(me, 'me_file').path;
  } else if (params.bg_source === 'separate') {
    background = request.separatedBackground ?? (await separateVideoAudio(video, dir, request.separation, signal)).background;
  }
  const path = join(dir, request.fileName);
  await runFfmpeg({
    args: redubArgs({ video: video.path, voice: request.voicePath, background, output: path }, params, plan, video.seconds),
    expectedSeconds: video.seconds,
    onProgress: request.onProgress,
    signal,
  });
  return { output: { path, fileName: request.fileName, mediaType: mediaTypeOf('mp4'), durationSeconds: video.seconds } };
}
