import { join } from 'node:path';
import { admitInput } from '@frameforge/functions/domain/jobs/admission';
import { mediaTypeOf } from '@frameforge/functions/domain/jobs/media-files';
import { probeMedia } from '../../ffmpeg/probe';
import { FfmpegFailedError, FfmpegTimeoutError, runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { InputRejectedError, type Operation } from '../operation';
import { mergeGraph, mergeUrlsArgs, xfadeTransition, type ClipProbe } from './merge-urls-graph';
import { nativeTransitions } from './xfade-support';

/**
 * `merge_urls`: the `files` inputs (fetched from their URLs by the API) one
 * after another, with an xfade transition (and audio crossfade) between
 * each two, or hard cuts without `transition`. Always re-encoded: every
 * clip is conformed to the first clip's size and frame rate, because xfade
 * and concat cannot join pictures of different shapes.
 */
export const mergeUrls: Operation<'merge_urls'> = async ({ job, dir, onProgress, signal, inputs }) => {
  const files = inputs.filter((i) => i.role === 'files');
  if (files.length < 2) {
    throw new InputRejectedError({
      code: 'too_few_inputs',
      message: `Error: merge_urls needs at least 2 files; it got ${files.length}.`,
      param: 'files',
      hint: 'Send two or more URLs, in the order they are to play.',
    });
  }
  const { params } = job;
  // The transition is checked before any file is read: a bad name or expression costs nothing.
  const transition = params.transition === undefined ? undefined : xfadeTransition(params, await nativeTransitions());
  const clips: ClipProbe[] = [];
  const probed = await Promise.all(files.map((file) => probeMedia(file.path)));
  for (const [index, file] of files.entries()) {
    const admission = admitInput(probed[index], 'files');
    if ('refusal' in admission) throw new InputRejectedError(admission.refusal);
    if (!admission.admitted.hasVideo) {
      throw new InputRejectedError({
        code: 'video_required',
        message: `Error: file ${index + 1} (${file.fileName.replace(/[^\w. -]/g, '').slice(0, 60)}) has no video; merge_urls joins videos.`,
        param: 'files',
        hint: 'Send video files only.',
      });
    }
    clips.push(admission.admitted);
  }
  const graph = mergeGraph(clips, params, transition);
  const fileName = `merge-${job.jobId.slice(0, 8)}.mp4`;
  const path = join(dir, fileName);
  const args = mergeUrlsArgs(files.map((f) => f.path), graph, params, path);
  try {
    await runFfmpeg({ args, expectedSeconds: graph.expectedSeconds, onProgress, signal });
  } catch (error) {
    // The whitelist cannot see every mistake (e.g. a wrong number of arguments): FFmpeg's own parser can.
    if (params.transition === 'custom' && error instanceof FfmpegFailedError && !(error instanceof FfmpegTimeoutError) && /Eval|xfade/.test(error.detail)) {
      throw new InputRejectedError({
        code: 'invalid_transition_expr',
        message: 'Error: FFmpeg could not evaluate transition_expr.',
        param: 'transition_expr',
        hint: 'Check the number of arguments of each function and that every operator has two operands.',
      });
    }
    throw error;
  }
  return { output: { path, fileName, mediaType: mediaTypeOf('mp4') } };
};
