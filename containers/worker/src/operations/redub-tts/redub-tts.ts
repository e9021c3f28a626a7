import { join } from 'node:path';
import { probeMedia } from '../../ffmpeg/probe';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { providers } from '../../providers';
import { extensionOf } from '../../providers/voice-provider';
import { InputRejectedError, type Operation } from '../operation';
import { admitAudio, loadVideo, renderRedub } from '../redub/redub-render';
import { withVoiceErrors } from '../redub/voice-errors';
import { fitArgs, fitTarget } from './fit-speech';

/** `redub_tts`: speech from a script (or ready-made speech), fitted to the video, then redubbed. */
export const redubTts: Operation<'redub_tts'> = async ({ job, inputs, dir, onProgress, signal, secrets }) => {
  const { params } = job;
  const video = await loadVideo({ inputs });
  const given = inputs.find((i) => i.role === 'tts_audio');
  let speech: string;
  if (given) {
    await admitAudio(given.path, 'tts_audio');
    speech = given.path;
  } else if (params.script) {
    speech = join(dir, `speech.${extensionOf(params.output_format)}`);
    const request = {
      text: params.script,
      voiceId: params.voice_id,
      modelId: params.tts_model_id,
      settings: { stability: params.stability, similarity_boost: params.similarity_boost, style: params.style, speed: params.speed },
      outputFormat: params.output_format,
    };
    await withVoiceErrors('voice_id', () => providers().voice(secrets?.elevenlabsKey).textToSpeech(request, speech, signal));
  } else {
    throw new InputRejectedError({
      code: 'missing_script',
      message: 'Error: redub_tts needs a script to speak, or a tts_audio file.',
      param: 'script',
      hint: 'Send the text as script, or upload ready-made speech as tts_audio.',
    });
  }
  onProgress(30);
  if (params.sync_to_video) {
    const spoken = (await probeMedia(speech))?.durationSeconds;
    const target = fitTarget(video.seconds, params.offset_ms);
    if (spoken && target > 0) {
      const fitted = join(dir, 'speech-fitted.wav');
      await runFfmpeg({ args: fitArgs(speech, fitted, spoken, target), signal });
      speech = fitted;
    }
  }
  return renderRedub({
    params,
    video,
    voicePath: speech,
    inputs,
    dir,
    fileName: `redub-tts-${job.jobId.slice(0, 8)}.mp4`,
    onProgress: (p) => onProgress(30 + Math.floor(p * 0.7)),
    signal,
  });
};
