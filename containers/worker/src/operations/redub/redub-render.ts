import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RedubParams } from '@frameforge/functions/contracts/media-jobs';
import { admitInput } from '@frameforge/functions/domain/jobs/admission';
import { mediaTypeOf } from '@frameforge/functions/domain/jobs/media-files';
import { probeMedia, type MediaProbe } from '../../ffmpeg/probe';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { providers } from '../../providers';
import { InputRejectedError, inputsOf, type LocalInput, type OperationResult } from '../operation';
import { planBackground, redubArgs } from './redub-graph';

const exec = promisify(execFile);

export interface RedubVideo {
  path: string;
  probe: MediaProbe;
  /** The picture's own length, which the output keeps. */
  seconds: number;
}

/** The `video` input, admitted and measured; a file without picture is refused. */
export async function loadVideo(context: { inputs: LocalInput[] }): Promise<RedubVideo> {
  const [input] = inputsOf(context, 'video');
  if (!input) throw new Error('unreachable: inputsOf guarantees one input');
  const admission = admitInput(await probeMedia(input.path), 'video_file');
  if ('refusal' in admission) throw new InputRejectedError(admission.refusal);
  const probe = admission.admitted;
  if (!probe.hasVideo) {
    throw new InputRejectedError({
      code: 'invalid_media',
      message: 'Error: the video input holds no picture.',
      param: 'video_file',
      hint: 'Send a video file (MP4, MOV, MKV or WebM) as the video.',
    });
  }
  return { path: input.path, probe, seconds: (await videoStreamSeconds(input.path)) ?? probe.durationSeconds };
}

async function videoStreamSeconds(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', 'v:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path]);
    const seconds = Number(stdout.trim());
    return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  } catch {
    return undefined;
  }
}

/** An audio input (voice, music and effects, speech), admitted and with sound. */
export async function admitAudio(path: string, param: string): Promise<MediaProbe> {
  const admission = admitInput(await probeMedia(path), param);
  if ('refusal' in admission) throw new InputRejectedError(admission.refusal);
  if (!admission.admitted.hasAudio) {
    throw new InputRejectedError({ code: 'invalid_media', message: `Error: the ${param} input holds no sound.`, param, hint: 'Send a file with an audio track.' });
  }
  return admission.admitted;
}

/** The video's soundtrack split into voice and background by the configured separator. */
export async function separateVideoAudio(video: RedubVideo, dir: string, signal?: AbortSignal): Promise<{ voice: string; background: string }> {
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
  await providers().separation.separate(soundtrack, outputs, signal);
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
    await admitAudio(me.path, 'me_file');
    background = me.path;
  } else if (params.bg_source === 'separate') {
    background = request.separatedBackground ?? (await separateVideoAudio(video, dir, signal)).background;
  }
  const path = join(dir, request.fileName);
  await runFfmpeg({
    args: redubArgs({ video: video.path, voice: request.voicePath, background, output: path }, params, plan, video.seconds),
    expectedSeconds: video.seconds,
    onProgress: request.onProgress,
    signal,
  });
  return { output: { path, fileName: request.fileName, mediaType: mediaTypeOf('mp4') } };
}
