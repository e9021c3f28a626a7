import { join } from 'node:path';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { extensionOf } from '../../providers/voice-provider';
import { InputRejectedError, type Operation } from '../operation';
import { loadVideo, renderRedub, separateVideoAudio, withSound } from '../redub/redub-render';
import { withVoiceErrors } from '../redub/voice-errors';

/**
 * `redub_vc`: a voice converted to another speaker, then redubbed. Without a
 * voice input the video's own speech is converted: separated first when the
 * background is to be separated anyway, so the conversion hears the voice alone.
 */
export const redubVc: Operation<'redub_vc'> = async ({ job, inputs, dir, onProgress, signal, secrets, providers }) => {
  const { params } = job;
  const video = loadVideo({ inputs });
  const given = inputs.find((i) => i.role === 'voice');
  let source: string;
  let separatedBackground: string | undefined;
  if (given) {
    source = withSound(given, 'voice_file').path;
  } else if (params.bg_source === 'separate') {
    const separated = await separateVideoAudio(video, dir, providers.separation, signal);
    source = separated.voice;
    separatedBackground = separated.background;
  } else {
    if (!video.probe.hasAudio) {
      throw new InputRejectedError({
        code: 'missing_input',
        message: 'Error: redub_vc needs a voice file, or a video with sound to convert.',
        param: 'voice_file',
        hint: 'Upload the speech to convert as voice_file.',
      });
    }
    source = join(dir, 'original-voice.wav');
    await runFfmpeg({ args: ['-i', video.path, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '44100', source], signal });
  }
  onProgress(20);
  const converted = join(dir, `converted.${extensionOf(params.output_format)}`);
  const request = {
    audioPath: source,
    voiceId: params.voice_id,
    modelId: params.model_id,
    outputFormat: params.output_format,
    removeBackgroundNoise: params.remove_background_noise,
  };
  await withVoiceErrors('voice_id', () => providers.voice(secrets?.elevenlabsKey).speechToSpeech(request, converted, signal));
  onProgress(50);
  return renderRedub({
    params,
    video,
    voicePath: converted,
    inputs,
    dir,
    fileName: `redub-vc-${job.jobId.slice(0, 8)}.mp4`,
    separatedBackground,
    separation: providers.separation,
    onProgress: (p) => onProgress(50 + Math.floor(p / 2)),
    signal,
  });
};
