const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** S3's own limits; an emulator that allowed less would fail uploads that work on AWS. */
export const S3_LIMITS = {
  putBytes: 5 * GiB,
  partBytes: 5 * GiB,
  objectBytes: 5 * 1024 * GiB,
  /** Every part of a multipart upload but the last. */
  minPartBytes: 5 * MiB,
  maxParts: 10_000,
  keyBytes: 1024,
  metadataBytes: 2 * 1024,
} as const;

export type Limits = { readonly [K in keyof typeof S3_LIMITS]: number };

/** S3's limits, with every size capped at `maxObjectBytes` when one is given (tests prove the checks without gigabytes). */
export function limitsFor(maxObjectBytes: number | undefined): Limits {
  if (maxObjectBytes === undefined) return S3_LIMITS;
  const cap = (value: number) => Math.min(value, maxObjectBytes);
  return { ...S3_LIMITS, putBytes: cap(S3_LIMITS.putBytes), partBytes: cap(S3_LIMITS.partBytes), objectBytes: cap(S3_LIMITS.objectBytes) };
}
