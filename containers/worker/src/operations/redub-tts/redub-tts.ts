import { join } from 'node:path';
import { probeMedia } from '../../ffmpeg/probe';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { extensionOf } from '../../providers/voice-provider';
import { InputRejectedError, type Operation, type OperationContext } from '../operation';
import { loadVideo, renderRedub, withSound } from '../redub/redub-render';
import { withVoiceErrors } from '../redub/voice-errors';
import { fitArgs, fitTarget } from './fit-speech';

/** `redub_tts`: speech from a script (or ready-made speech), fitted to the video, then redubbed. */
export const redubTts: Operation<'redub_tts'> = async (context) => {
  const { job, inputs, dir, onProgress, signal, providers } = context;
  const { params } = job;
  const video = loadVideo({ inputs });
  const speech = await speechOf(context);
  onProgress(30);
  let voicePath = speech.path;
  if (params.sync_to_video) {
    // The caller's file was probed at admission; speech made here is our own output, read once it exists.
    const spoken = speech.seconds ?? (await probeMedia(speech.path))?.durationSeconds;
    const target = fitTarget(video.seconds, params.offset_ms);
    if (spoken && target > 0) {
      voicePath = join(dir, 'speech-fitted.wav');
      await runFfmpeg({ args: fitArgs(speech.path, voicePath, spoken, target), signal });
    }
  }
  return renderRedub({
    params,
    video,
    voicePath,
    inputs,
    dir,
    fileName: `redub-tts-${job.jobId.slice(0, 8)}.mp4`,
    separation: providers.separation,
    onProgress: (p) => onProgress(30 + Math.floor(p * 0.7)),
    signal,
  });
};

/** The speech to dub: the caller's `tts_audio`, or the script spoken by the voice provider. */
async function speechOf({ job: { params }, inputs, dir, signal, secrets, providers }: OperationContext<'redub_tts'>): Promise<{ path: string; seconds?: number }> {
  const given = inputs.find((i) => i.role === 'tts_audio');
  if (given) return { path: withSound(given, 'tts_audio').path, seconds: given.probe.durationSeconds };
  if (!params.script) {
    throw new InputRejectedError({
      code: 'missing_script',
      message: 'Error: redub_tts needs a script to speak, or a tts_audio file.',
      param: 'script',
      hint: 'Send the text as script, or upload ready-made speech as tts_audio.',
    });
  }
  const path = join(dir, `speech.${extensionOf(params.output_format)}`);
  const request = {
    text: params.script,
    voiceId: params.voice_id,
    modelId: params.tts_model_id,
    settings: { stability: params.stability, similarity_boost: params.similarity_boost, style: params.style, speed: params.speed },
    outputFormat: params.output_format,
  };
  await withVoiceErrors('voice_id', () => providers.voice(secrets?.elevenlabsKey).textToSpeech(request, path, signal));
  return { path };
}
