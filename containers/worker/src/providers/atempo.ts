/** atempo accepts 0.5 to 2.0 per instance (wider in newer builds, with worse sound): chain within that range. */
const MIN = 0.5;
const MAX = 2;

/** `atempo` filters whose product is `factor` (above 1 is faster, shorter). */
export function atempoChain(factor: number): string[] {
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`tempo factor must be positive, got ${factor}`);
  const filters: string[] = [];
  let rest = factor;
  while (rest > MAX) {
    filters.push(`atempo=${MAX}`);
    rest /= MAX;
  }
  while (rest < MIN) {
    filters.push(`atempo=${MIN}`);
    rest /= MIN;
  }
  if (Math.abs(rest - 1) > 1e-6 || filters.length === 0) filters.push(`atempo=${rest.toFixed(6)}`);
  return filters;
}
