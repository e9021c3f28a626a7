import { join } from 'node:path';
import { mediaTypeOf } from '@frameforge/functions/jobs';
import { FfmpegFailedError, FfmpegTimeoutError, runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { clipsToJoin, InputRejectedError, type Operation } from '../operation';
import { mergeGraph, mergeUrlsArgs, xfadeTransition } from './merge-urls-graph';
import { nativeTransitions } from './xfade-support';

/**
 * `merge_urls`: the `files` inputs one after another, with an xfade
 * transition (and audio crossfade) between each two, or hard cuts without
 * `transition`. The API only checks each URL; this worker downloads them
 * with the safe fetcher before the job is admitted. Always re-encoded: every
 * clip is conformed to the first clip's size and frame rate, because xfade
 * and concat cannot join pictures of different shapes.
 */
export const mergeUrls: Operation<'merge_urls'> = async ({ job, dir, onProgress, signal, inputs }) => {
  const files = clipsToJoin({ job, inputs }, 'Send two or more URLs, in the order they are to play.');
  const { params } = job;
  // The transition is checked before ffmpeg runs: a bad name or expression costs no encoding.
  const transition = params.transition === undefined ? undefined : xfadeTransition(params, await nativeTransitions());
  for (const [index, file] of files.entries()) {
    if (!file.probe.hasVideo) {
      throw new InputRejectedError({
        code: 'video_required',
        message: `Error: file ${index + 1} (${file.fileName.replace(/[^\w. -]/g, '').slice(0, 60)}) has no video; merge_urls joins videos.`,
        param: 'files',
        hint: 'Send video files only.',
      });
    }
  }
  const graph = mergeGraph(files.map((file) => file.probe), params, transition);
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
  return { output: { path, fileName, mediaType: mediaTypeOf('mp4'), durationSeconds: graph.expectedSeconds } };
};
