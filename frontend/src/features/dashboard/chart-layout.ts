import type { DailyUsage } from '@frameforge/functions/features/request-logs/contracts/usage-stats';

export interface ChartBar {
  date: string;
  requests: number;
  errors: number;
  x: number;
  width: number;
  /** The successful part sits on the baseline... */
  okY: number;
  okHeight: number;
  /** ...and the errors are stacked on top of it, in their own colour. */
  errorY: number;
  errorHeight: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space between two bars, in the same units. */
  gap: number;
  /** Right to left: the newest day sits on the left edge, as the reading direction asks. */
  rtl: boolean;
}

/** The smallest 1, 2 or 5 times a power of ten at or above `value`; at least 1, so an empty chart has a scale. */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** A non-zero count stays visible however small next to the scale. */
function heightOf(count: number, max: number, height: number): number {
  if (count <= 0) return 0;
  return Math.max(1, (count / max) * height);
}

export function layoutBars(daily: readonly Pick<DailyUsage, 'date' | 'requests' | 'errors'>[], box: ChartBox): { bars: ChartBar[]; max: number } {
  const max = niceCeiling(Math.max(0, ...daily.map((day) => day.requests)));
  const slot = daily.length > 0 ? box.width / daily.length : box.width;
  const bars = daily.map((day, index) => {
    const errors = Math.min(day.errors, day.requests);
    const okHeight = heightOf(day.requests - errors, max, box.height);
    const errorHeight = Math.min(heightOf(errors, max, box.height), box.height - okHeight);
    const position = box.rtl ? daily.length - 1 - index : index;
    const okY = box.height - okHeight;
    return {
      date: day.date,
      requests: day.requests,
      errors,
      x: position * slot + box.gap / 2,
      width: Math.max(0, slot - box.gap),
      okY,
      okHeight,
      errorY: okY - errorHeight,
      errorHeight,
    };
  });
  return { bars, max };
}

/** Days are UTC dates (YYYY-MM-DD): formatted in UTC, so no time zone moves them to the day before. */
export function formatUsageDay(date: string, language: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
}
