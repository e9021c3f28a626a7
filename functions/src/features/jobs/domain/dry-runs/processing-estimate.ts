import type { ProcessingEstimate } from '../../contracts/dry-run';
import { ESTIMATE_ERROR } from '../../contracts/estimate-error';
import { COST_MODELS } from './estimate-model';
import type { Work } from './work-units';

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Seconds a worker should take for the work. The error is |estimate -
 * measured| / measured, so the largest error seen bounds the measured time
 * to estimate / (1 + worst) .. estimate / (1 - worst).
 */
export function estimateOf(work: Work, models = COST_MODELS, error: { medianPercent: number; worstPercent: number } = ESTIMATE_ERROR): ProcessingEstimate {
  const model = models[work.model];
  const seconds = model.fixed + model.perUnit * work.units;
  return {
    seconds: round1(seconds),
    low_seconds: round1(seconds / (1 + error.worstPercent / 100)),
    high_seconds: round1(seconds / Math.max(0.1, 1 - error.worstPercent / 100)),
    error_percent: error.medianPercent,
    model: work.model,
  };
}
