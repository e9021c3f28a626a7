import { ffmpegTimeoutSeconds, refuseInput, TIER_WORK_LIMITS, unsupportedFormat, workOf } from '@frameforge/functions/domain/jobs/admission';
import type { Tier } from '@frameforge/functions/contracts/plans';
import { inspectMedia, type MediaProbe } from '../ffmpeg/probe';
import { InputRejectedError, type LocalInput } from '../operations/operation';

/**
 * Admits every input by what it really holds, before any operation runs:
 * its real format (whatever its name), its measured duration, its size and
 * the work it asks of the caller's tier. Returns the wall-clock limit each
 * ffmpeg run of the job gets.
 */
export async function admitInputs(inputs: readonly LocalInput[], tier: Tier): Promise<{ probes: MediaProbe[]; timeoutSeconds: number }> {
  // All inputs are probed at once; the first in order that is refused names the refusal.
  const found = await Promise.all(inputs.map((input) => inspectMedia(input.path)));
  const probes: MediaProbe[] = found.map((inspection, index) => {
    const role = inputs[index]?.role ?? 'file';
    if ('refusedFormat' in inspection) throw new InputRejectedError(unsupportedFormat(role, inspection.refusedFormat));
    const probe = 'probe' in inspection ? inspection.probe : undefined;
    const refusal = refuseInput(probe, role, tier);
    if (refusal || !probe) throw new InputRejectedError(refusal ?? unsupportedFormat(role, 'unknown'));
    return probe;
  });
  // The inputs of one job (a merge) are read in the same runs: their work adds up.
  const total = probes.reduce((sum, probe) => sum + workOf(probe), 0);
  if (probes.length > 1 && total > TIER_WORK_LIMITS[tier].maxWork) {
    throw new InputRejectedError({
      code: 'work_limit_exceeded',
      message: `Error: together the inputs are too much work for the ${tier} plan.`,
      param: inputs[0]?.role ?? null,
      hint: 'Send fewer, shorter or smaller inputs, or upgrade the plan.',
    });
  }
  return { probes, timeoutSeconds: ffmpegTimeoutSeconds(probes) };
}
