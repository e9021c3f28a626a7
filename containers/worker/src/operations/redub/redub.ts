import { inputsOf, type Operation } from '../operation';
import { admitAudio, loadVideo, renderRedub } from './redub-render';

/** `redub`: a new voice track over the video, with the background the caller chose. */
export const redub: Operation<'redub'> = async ({ job, inputs, dir, onProgress, signal }) => {
  const video = await loadVideo({ inputs });
  const [voice] = inputsOf({ inputs }, 'voice');
  if (!voice) throw new Error('unreachable: inputsOf guarantees one input');
  await admitAudio(voice.path, 'voice_file');
  return renderRedub({
    params: job.params,
    video,
    voicePath: voice.path,
    inputs,
    dir,
    fileName: `redub-${job.jobId.slice(0, 8)}.mp4`,
    onProgress,
    signal,
  });
};
