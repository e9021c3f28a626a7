import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { shownSize } from '../crop/crop-args';
import { InputRejectedError, inputsOf, type Operation } from '../operation';
import { buildAss } from './ass-document';
import { prepareCaptionFonts } from './caption-fonts';
import { burnArgs, extractSpeechArgs } from './captions-args';

/** `captions_auto`: recognises the speech, styles it as ASS captions and burns them into the video. */
export const captionsAuto: Operation<'captions_auto'> = async ({ job, dir, onProgress, signal, providers, ...context }) => {
  const [input] = inputsOf(context, 'video');
  const { probe } = input;
  if (!probe.hasVideo || !probe.width || !probe.height) {
    throw new InputRejectedError({
      code: 'no_video_stream',
      message: 'Error: the video input holds no picture to put captions on.',
      param: 'video',
      hint: 'Send a video file (MP4, MOV, MKV or WebM).',
    });
  }
  if (!probe.hasAudio) {
    throw new InputRejectedError({
      code: 'no_audio_stream',
      message: 'Error: the video has no audio track, so there is no speech to caption.',
      param: 'video',
      hint: 'Send a video with its sound.',
    });
  }
  const { params } = job;
  const wav = join(dir, 'speech.wav');
  await runFfmpeg({ args: extractSpeechArgs(input.path, wav), signal });
  onProgress(10);
  const { words } = await providers.speechToText.transcribe(wav, { language: params.language, vadFilter: params.vad_filter, beamSize: params.beam_size, signal });
  if (words.length === 0) {
    throw new InputRejectedError({
      code: 'no_speech',
      message: 'Error: no speech was recognised in the video\'s audio.',
      param: 'video',
      hint: params.language === 'en' ? 'Check that the audio holds clear speech.' : 'Check that the audio holds clear speech in the language given.',
    });
  }
  onProgress(40);
  const size = shownSize(probe);
  const stem = `captions-${job.jobId.slice(0, 8)}`;
  const assPath = join(dir, `${stem}.ass`);
  await writeFile(assPath, buildAss(words, params, size), 'utf8');
  const fontsDir = await prepareCaptionFonts(dir);
  const fileName = `${stem}.mp4`;
  const path = join(dir, fileName);
  await runFfmpeg({
    args: burnArgs(input.path, assPath, fontsDir, path, size, probe.audioCodec),
    expectedSeconds: probe.durationSeconds,
    onProgress: (p) => onProgress(40 + Math.floor(p * 0.6)),
    signal,
  });
  const attachments = params.return_ass ? [{ path: assPath, fileName: `${stem}.ass`, mediaType: 'text/x-ssa' }] : undefined;
  return { output: { path, fileName, mediaType: 'video/mp4', durationSeconds: probe.durationSeconds }, ...(attachments ? { attachments } : {}) };
};
