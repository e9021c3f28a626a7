import { stat, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { InputRejectedError, inputsOf, type Operation } from '../operation';
import { epsilonSteps, frameLastArgs } from './frame-last-args';

/** `frame_last`: the last frame of a video as a JPEG. */
export const frameLast: Operation<'frame_last'> = async ({ job, dir, onProgress, signal, ...context }) => {
  const [input] = inputsOf(context, 'file');
  if (!input.probe.hasVideo) {
    throw new InputRejectedError({
      code: 'no_video_stream',
      message: 'Error: the input has no video stream, so it has no frame to take.',
      param: 'file',
      hint: 'Send a video file.',
    });
  }
  const fileName = `frame-last-${job.jobId.slice(0, 8)}.jpg`;
  const path = join(dir, fileName);
  const steps = epsilonSteps(job.params.epsilon);
  for (const [index, epsilon] of steps.entries()) {
    await rm(path, { force: true });
    await runFfmpeg({ args: frameLastArgs(input.path, path, job.params, epsilon), signal });
    if (await hasContent(path)) return { output: { path, fileName, mediaType: 'image/jpeg' } };
    onProgress(Math.floor(((index + 1) / steps.length) * 90));
  }
  throw new InputRejectedError({
    code: 'no_frame',
    message: `Error: no frame could be decoded in the last ${steps.at(-1)?.toFixed(3) ?? ''} s of the video.`,
    param: 'file',
    hint: 'Check that the video plays to its end, or send a re-encoded copy.',
  });
};

/** ffmpeg ends well without writing anything when the seek lands past the last frame. */
async function hasContent(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.size > 0,
    () => false,
  );
}
