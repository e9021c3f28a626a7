import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { knownExtension } from '@frameforge/functions/jobs';
import { probeMedia } from '../ffmpeg/probe';
import { runFfmpeg } from '../ffmpeg/run-ffmpeg';
import { escapeFilterPath } from '../operations/captions-auto/captions-args';
import { prepareCaptionFonts } from '../operations/captions-auto/caption-fonts';
import type { OperationOutput, OperationResult } from '../operations/operation';
import { testCapArgs, type CappedKind } from './test-cap-args';

/** The bold face of the bundled fonts: the watermark must read on any picture. */
const WATERMARK_FACE = 'Poppins_700Bold.ttf';

/** What the output holds, told by its type and, for media, by its streams: a video file may carry sound only. */
async function kindOf(output: OperationOutput): Promise<CappedKind | undefined> {
  if (output.mediaType.startsWith('image/')) return 'still';
  if (!output.mediaType.startsWith('video/') && !output.mediaType.startsWith('audio/')) return undefined;
  const probe = await probeMedia(output.path);
  if (probe?.hasVideo) return 'video';
  return probe?.hasAudio ? 'audio' : undefined;
}

/**
 * A test key's job ends here: its output made again, capped and watermarked,
 * so whatever the operation made, no test output is worth more than a try.
 * A result that is no media (the voice list) is left as it is; attachments
 * (a captions file) carry no picture to mark.
 */
export async function capTestOutput(result: OperationResult, context: { dir: string; signal?: AbortSignal }): Promise<OperationResult> {
  const { output } = result;
  const kind = await kindOf(output);
  if (!kind) return result;
  const fontsDir = await prepareCaptionFonts(context.dir);
  const cappedDir = join(context.dir, 'test-mode');
  await mkdir(cappedDir, { recursive: true });
  const path = join(cappedDir, output.fileName);
  const extension = knownExtension(output.fileName) ?? '';
  const seconds = output.durationSeconds === undefined ? undefined : Math.min(output.durationSeconds, TEST_MODE.maxOutputSeconds);
  const args = testCapArgs(kind, output.path, path, extension, escapeFilterPath(join(fontsDir, WATERMARK_FACE)));
  await runFfmpeg({ args, ...(seconds === undefined ? {} : { expectedSeconds: seconds }), ...(context.signal ? { signal: context.signal } : {}) });
  return { ...result, output: { ...output, path, ...(seconds === undefined ? {} : { durationSeconds: seconds }) } };
}
