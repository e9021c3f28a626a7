import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { knownExtension, mediaTypeOf } from '@frameforge/functions/jobs';
import { FfmpegFailedError, runFfmpeg } from '../../ffmpeg/run-ffmpeg';
import { clipsToJoin, type Operation } from '../operation';
import { mergeTarget, reencodeArgs } from './merge-graph';
import { concatList, copyArgs, copyExtension, type MergeClip } from './merge-plan';

/** `merge`: the `files` inputs one after another, by stream copy when they match, else re-encoded alike. */
export const merge: Operation<'merge'> = async ({ job, dir, onProgress, signal, inputs }) => {
  const files = clipsToJoin({ job, inputs }, 'Send two or more files, in the order they are to play.');
  const clips: MergeClip[] = files.map((file) => ({ path: file.path, extension: knownExtension(file.fileName), probe: file.probe }));
  const expectedSeconds = clips.reduce((sum, clip) => sum + clip.probe.durationSeconds, 0);
  const name = `merge-${job.jobId.slice(0, 8)}`;

  const copyAs = job.params.reencode ? undefined : copyExtension(clips);
  if (copyAs) {
    const list = join(dir, 'concat-list.txt');
    await writeFile(list, concatList(clips.map((clip) => clip.path)));
    const path = join(dir, `${name}.${copyAs}`);
    const mp4Like = ['mp4', 'm4v', 'mov', 'm4a'].includes(copyAs);
    try {
      await runFfmpeg({ args: copyArgs(list, path, mp4Like), expectedSeconds, onProgress, signal });
      return { output: { path, fileName: `${name}.${copyAs}`, mediaType: mediaTypeOf(copyAs), durationSeconds: expectedSeconds } };
    } catch (error) {
      // Streams that look alike may still not join as they are (e.g. differing codec headers): re-encode instead.
      if (!(error instanceof FfmpegFailedError)) throw error;
    }
  }

  const target = mergeTarget(clips);
  const extension = target.video ? 'mp4' : 'm4a';
  const fileName = `${name}.${extension}`;
  const path = join(dir, fileName);
  await runFfmpeg({ args: reencodeArgs(clips, target, path), expectedSeconds, onProgress, signal });
  return { output: { path, fileName, mediaType: mediaTypeOf(extension), durationSeconds: expectedSeconds } };
};
