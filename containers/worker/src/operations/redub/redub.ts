import { inputsOf, type Operation } from '../operation';
import { loadVideo, renderRedub, withSound } from './redub-render';

/** `redub`: a new voice track over the video, with the background the caller chose. */
export const redub: Operation<'redub'> = async ({ job, inputs, dir, onProgress, signal, providers }) => {
  const video = loadVideo({ inputs });
  const [voice] = inputsOf({ inputs }, 'voice');
  return renderRedub({
    params: job.params,
    video,
    voicePath: withSound(voice, 'voice_file').path,
    inputs,
    dir,
    fileName: `redub-${job.jobId.slice(0, 8)}.mp4`,
    separation: providers.separation,
    onProgress,
    signal,
  });
};
