import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { Inspection } from '../ffmpeg/probe';
import { InputRejectedError, type DownloadedInput, type LocalInput } from '../operations/operation';
import { ffmpegTimeoutSeconds, refuseInput, TIER_WORK_LIMITS, unsupportedFormat, workOf } from './admission';

/** An input in the job's folder, its one ffprobe run started as it arrived. */
export interface ArrivedInput extends DownloadedInput {
  inspection: Promise<Inspection>;
}

/**
 * Admits every input by what it really holds, before any operation runs:
 * its real format (whatever its name), its measured duration, its size and
 * the work it asks of the caller's tier. Hands each admitted input on with
 * its probe, so operations never probe an input again, and gives the
 * wall-clock limit each ffmpeg run of the job gets.
 */
export async function admitInputs(arrived: readonly ArrivedInput[], tier: Tier): Promise<{ inputs: LocalInput[]; timeoutSeconds: number }> {
  // All inputs are probed at once; the first in order that is refused names the refusal.
  const found = await Promise.all(arrived.map(async ({ inspection, ...input }) => ({ input, inspection: await inspection })));
  const inputs: LocalInput[] = found.map(({ input, inspection }) => {
    if ('refusedFormat' in inspection) throw new InputRejectedError(unsupportedFormat(input.role, inspection.refusedFormat));
    const probe = 'probe' in inspection ? inspection.probe : undefined;
    const refusal = refuseInput(probe, input.role, tier);
    if (refusal || !probe) throw new InputRejectedError(refusal ?? unsupportedFormat(input.role, 'unknown'));
    return { ...input, probe };
  });
  // The inputs of one job (a merge) are read in the same runs: their work adds up.
  const total = inputs.reduce((sum, input) => sum + workOf(input.probe), 0);
  if (inputs.length > 1 && total > TIER_WORK_LIMITS[tier].maxWork) {
    throw new InputRejectedError({
      code: 'work_limit_exceeded',
      message: `Error: together the inputs are too much work for the ${tier} plan.`,
      param: inputs[0]?.role ?? null,
      hint: 'Send fewer, shorter or smaller inputs, or upgrade the plan.',
    });
  }
  return { inputs, timeoutSeconds: ffmpegTimeoutSeconds(inputs.map((input) => input.probe)) };
}
