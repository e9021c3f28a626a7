/**
 * The sandbox's own time: real time plus an offset that only ever grows, so
 * tests can jump to the end of a billing period without waiting a month.
 */
export class SandboxClock {
  constructor(
    private readonly readOffset: () => number,
    private readonly writeOffset: (seconds: number) => void,
  ) {}

  /** Seconds since the epoch, as every Stripe timestamp. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.readOffset();
  }

  advance(seconds: number): number {
    this.writeOffset(this.readOffset() + seconds);
    return this.now();
  }
}

/**
 * The anchor moved by whole calendar months, on the anchor's day of month or
 * the last day of a shorter month (31 January → 28 February → 31 March), as
 * Stripe bills monthly prices.
 */
export function addMonths(anchor: number, months: number): number {
  const start = new Date(anchor * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000;
}

/** The first monthly boundary after `after`, counted from the billing anchor so days never drift. */
export function nextPeriodEnd(anchor: number, after: number): number {
  let months = 1;
  while (addMonths(anchor, months) <= after) months += 1;
  return addMonths(anchor, months);
}
