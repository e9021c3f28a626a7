/**
 * The error of the dry-run estimate (|estimate - measured| / measured) as
 * `BENCH_ONLY=estimates npm run bench` measured it over its 22 runs of
 * every operation, with the model calibrated on earlier runs: the median and
 * the largest (a stream-copied merge, whose time follows the storage's
 * speed). The docs state it, and every estimate's range is bounded by it.
 * Apart from the schemas, so the portal's docs page can read it alone.
 */
export const ESTIMATE_ERROR = { medianPercent: 16, worstPercent: 83 } as const;
