import type { CostModel } from './work-units';

/**
 * The processing time of each cost model: seconds = fixed + perUnit x units
 * (units from `work-units.ts`), from the start of the task on a worker to
 * its completion: inputs fetched, probed, processed, the output stored.
 * Calibrated on the worker's size (2 vCPU) by `BENCH_ONLY=estimates npm
 * run bench`, which runs every operation on its inputs, fits these lines to
 * the measured times and prints them with the error of the estimate.
 */
export const COST_MODELS: Readonly<Record<CostModel, { fixed: number; perUnit: number }>> = {
  frame_last: { fixed: 0.6, perUnit: 0.02 },
  cut: { fixed: 0.6, perUnit: 0.02 },
  cut_audio: { fixed: 0.6, perUnit: 0.005 },
  crop: { fixed: 0.6, perUnit: 0.02 },
  merge_copy: { fixed: 0.6, perUnit: 0.002 },
  merge: { fixed: 0.6, perUnit: 0.02 },
  merge_urls: { fixed: 0.6, perUnit: 0.02 },
  redub: { fixed: 0.6, perUnit: 0.05 },
  redub_tts: { fixed: 1, perUnit: 0.1 },
  redub_vc: { fixed: 1, perUnit: 0.1 },
  captions_auto: { fixed: 1, perUnit: 0.2 },
};

/**
 * The error of the estimate against the calibration runs, in percent of the
 * measured time: the median, and the largest, which bounds the range given.
 */
export const ESTIMATE_ERROR = { medianPercent: 20, worstPercent: 50 };
