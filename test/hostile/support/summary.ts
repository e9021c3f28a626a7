import { KNOWN_GAPS } from './known-gaps';
import type { HostileAnswer, HostileRequest } from './raw-http';

export interface Outcome {
  request: HostileRequest;
  answer: HostileAnswer;
  leaks: string[];
  problems: string[];
  gaps: string[];
}

const countBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
};

/** What the campaign sent and got, for the test output. */
export function summarize(outcomes: readonly Outcome[], elapsedMs: number, seed: number): string {
  const statuses = (api: string) =>
    countBy(
      outcomes.filter((o) => o.request.api === api),
      (o) => (o.answer.failure ? 'no answer' : String(o.answer.status)),
    )
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
  const times = outcomes.map((o) => o.answer.ms).sort((a, b) => a - b);
  const gaps = countBy(
    outcomes.flatMap((o) => o.gaps),
    (gap) => gap,
  );
  return [
    `hostile client (seed ${seed}): ${outcomes.length} requests in ${(elapsedMs / 1000).toFixed(1)} s`,
    `  product API (${outcomes.filter((o) => o.request.api === 'product').length}): ${statuses('product')}`,
    `  portal API (${outcomes.filter((o) => o.request.api === 'portal').length}): ${statuses('portal')}`,
    `  answer time: median ${times[Math.floor(times.length / 2)] ?? 0} ms, slowest ${times[times.length - 1] ?? 0} ms`,
    `  5xx: ${outcomes.filter((o) => o.answer.status >= 500).length}, leaks: ${outcomes.filter((o) => o.leaks.length).length}, contract problems: ${outcomes.filter((o) => o.problems.length).length}`,
    `  known documentation gaps met: ${gaps.length ? '' : 'none'}`,
    ...gaps.map(([gap, n]) => `    ${n} x ${gap}`),
    // An entry never met may be closed in the document by now: the list is the place to take it out.
    ...KNOWN_GAPS.filter((gap) => !gaps.some(([met]) => met.startsWith(`${gap.operation} ${gap.status} (${gap.kind})`))).map(
      (gap) => `  known gap not met (closed?): ${gap.operation} ${gap.status} (${gap.kind})`,
    ),
  ].join('\n');
}
