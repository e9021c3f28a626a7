import { join } from 'node:path';
import { knownExtension, mediaTypeOf } from '@frameforge/functions/jobs';
import { runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { InputRejectedError, inputsOf, type Operation } from '../operation';
import { cutArgs, cutLength } from './cut-args';

/** `cut`: frame-exact, from `start` for `duration` seconds. */
export const cut: Operation<'cut'> = async ({ job, dir, onProgress, signal, ...context }) => {
  const [input] = inputsOf(context, 'file');
  const { probe } = input;
  const { params } = job;
  if (params.start >= probe.durationSeconds) {
    throw new InputRejectedError({
      code: 'start_out_of_range',
      message: `Error: start (${params.start} s) is at or beyond the end of the input (${probe.durationSeconds.toFixed(3)} s).`,
      param: 'start',
      hint: 'Choose a start inside the media.',
    });
  }
  const extension = knownExtension(input.fileName) ?? (probe.hasVideo ? 'mp4' : 'm4a');
  const outExtension = probe.hasVideo ? (['mp4', 'mov', 'm4v'].includes(extension) ? extension : 'mp4') : 'm4a';
  const fileName = `cut-${job.jobId.slice(0, 8)}.${outExtension}`;
  const path = join(dir, fileName);
  const durationSeconds = cutLength(params, probe);
  context.storeWhileWriting?.({ path, fileName, mediaType: mediaTypeOf(outExtension) });
  await runFfmpeg({ args: cutArgs(input.path, path, params, probe), expectedSeconds: durationSeconds, onProgress, signal });
  return { output: { path, fileName, mediaType: mediaTypeOf(outExtension), durationSeconds } };
};
