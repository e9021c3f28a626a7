import type { CostModel } from './work-units';

/**
 * The processing time of each cost model: seconds = fixed + perUnit x units
 * (units from `work-units.ts`), from the start of the task on a worker to
 * its completion: inputs fetched, probed, processed, the output stored.
 * Calibrated on the worker's size (2 vCPU) by `BENCH_ONLY=estimates npm
 * run bench`, which runs every operation on its inputs and prints the line
 * its runs fit: these are the fits to the fastest time each case took over
 * three such runs, then checked against a fourth (`estimate-error.ts`).
 * `cut_audio` had no run of its own then: its per-second cost is a guess.
 */
export const COST_MODELS: Readonly<Record<CostModel, { fixed: number; perUnit: number }>> = {
  frame_last: { fixed: 1.1, perUnit: 0.00704 },
  cut: { fixed: 1.23, perUnit: 0.0194 },
  cut_audio: { fixed: 1.23, perUnit: 0.005 },
  crop: { fixed: 1.72, perUnit: 0.0233 },
  merge_copy: { fixed: 0.47, perUnit: 0.342 },
  merge: { fixed: 0.5, perUnit: 0.052 },
  merge_urls: { fixed: 4.58, perUnit: 0.0139 },
  redub: { fixed: 3.06, perUnit: 0.0288 },
  redub_tts: { fixed: 4.87, perUnit: 0.0156 },
  redub_vc: { fixed: 2.46, perUnit: 0.0938 },
  captions_auto: { fixed: 5.0, perUnit: 0.034 },
};

