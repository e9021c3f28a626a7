import type { Tier } from '../../../kernel/contracts/plans';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/**
 * The largest input file each plan takes, by upload, multipart upload or URL.
 * Every plan takes at least S3's own single-PUT ceiling; the worker's 50 GiB
 * scratch disk holds the largest input, its output and the job's other inputs.
 */
export const MAX_INPUT_BYTES: Readonly<Record<Tier, number>> = { basic: 5 * GiB, boost: 10 * GiB, elite: 20 * GiB };

/** S3's limits, which the local stack enforces too. */
export const SINGLE_PUT_MAX_BYTES = 5 * GiB;
export const MIN_PART_BYTES = 5 * MiB;
export const MAX_PART_BYTES = 5 * GiB;
export const MAX_PARTS = 10_000;

/** Above this a declared size gets a multipart upload unless the caller asks for a single PUT. */
export const MULTIPART_THRESHOLD_BYTES = 100 * MiB;
/** Big enough that a failed part costs little to send again, small enough for a browser to hold a few. */
export const DEFAULT_PART_BYTES = 16 * MiB;
/** Part URLs handed out at once: the rest come from `GET /uploads/{file_id}?part_numbers=`. */
export const PART_URL_BATCH = 100;

/** The part size for a file: the default, or more where the file would need more than S3's 10,000 parts. */
export function partSizeFor(size: number): number {
  const needed = Math.ceil(size / MAX_PARTS / MiB) * MiB;
  return Math.min(MAX_PART_BYTES, Math.max(DEFAULT_PART_BYTES, needed));
}

/** "5 GB" style, for messages and docs: binary units, as the limits are. */
export function formatBytes(bytes: number): string {
  if (bytes >= GiB) return `${+(bytes / GiB).toFixed(1)} GiB`;
  return `${+(bytes / MiB).toFixed(1)} MiB`;
}
