import type { PlannedOutput } from '../../contracts/dry-run';
import { TEST_MODE, type ApiKeyMode } from '../../../../kernel/contracts/key-modes';

/**
 * The output a test key gets, as the worker's cap makes it: at most
 * `TEST_MODE.maxOutputSeconds` long, pictures scaled down (never up) to at
 * most `TEST_MODE.maxOutputHeight` high with even sides, the ratio kept.
 */
export function cappedForKey(output: PlannedOutput, mode: ApiKeyMode): PlannedOutput {
  if (mode !== 'test') return output;
  const duration = output.duration === null ? null : Math.min(output.duration, TEST_MODE.maxOutputSeconds);
  if (output.width === null || output.height === null || output.height <= TEST_MODE.maxOutputHeight) return { ...output, duration };
  const height = TEST_MODE.maxOutputHeight - (TEST_MODE.maxOutputHeight % 2);
  // ffmpeg's scale=-2:h: the width that keeps the ratio, rounded to the nearest even number.
  const width = Math.max(2, Math.round((output.width * height) / output.height / 2) * 2);
  return { ...output, duration, width, height };
}
