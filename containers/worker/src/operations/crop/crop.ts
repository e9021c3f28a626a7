import { join } from 'node:path';
import { knownExtension, mediaTypeOf } from '@frameforge/functions/jobs';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { InputRejectedError, inputsOf, type Operation } from '../operation';
import { cropArgs, cropBox, shownSize } from './crop-args';

/** `crop`: a w x h rectangle of the picture, at x/y or centred. */
export const crop: Operation<'crop'> = async ({ job, dir, onProgress, signal, ...context }) => {
  const [input] = inputsOf(context, 'file');
  const { probe } = input;
  if (!probe.hasVideo || !probe.width || !probe.height) {
    throw new InputRejectedError({
      code: 'no_video_stream',
      message: 'Error: the input has no video stream to crop.',
      param: 'file',
      hint: 'Send a video file.',
    });
  }
  const planned = cropBox(job.params, shownSize(probe));
  if ('refusal' in planned) throw new InputRejectedError(planned.refusal);
  const extension = knownExtension(input.fileName) === 'mov' ? 'mov' : 'mp4';
  const fileName = `crop-${job.jobId.slice(0, 8)}.${extension}`;
  const path = join(dir, fileName);
  context.storeWhileWriting?.({ path, fileName, mediaType: mediaTypeOf(extension) });
  await runFfmpeg({ args: cropArgs(input.path, path, planned.box, probe), expectedSeconds: probe.durationSeconds, onProgress, signal });
  return { output: { path, fileName, mediaType: mediaTypeOf(extension), durationSeconds: probe.durationSeconds } };
};
