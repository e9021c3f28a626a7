import { formatUsageDay, layoutBars, niceCeiling } from './chart-layout';

const box = { width: 300, height: 100, gap: 2, rtl: false };

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 26, 99, 101, 4500].map(niceCeiling)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 5000]);
  });
});

describe('layoutBars', () => {
  const daily = [
    { date: '2024-05-01', requests: 0, errors: 0 },
    { date: '2024-05-02', requests: 10, errors: 4 },
    { date: '2024-05-03', requests: 5, errors: 0 },
  ];

  it('scales to a nice maximum and stacks the errors on the successful requests', () => {
    const { bars, max } = layoutBars(daily, box);
    expect(max).toBe(10);
    expect(bars[1]).toEqual({ date: '2024-05-02', requests: 10, errors: 4, x: 101, width: 98, okY: 40, okHeight: 60, errorY: 0, errorHeight: 40 });
    expect(bars[2]).toMatchObject({ okHeight: 50, okY: 50, errorHeight: 0, errorY: 50 });
  });

  it('draws nothing for an empty day but keeps its slot', () => {
    expect(layoutBars(daily, box).bars[0]).toMatchObject({ x: 1, okHeight: 0, errorHeight: 0 });
  });

  it('runs oldest on the left in LTR and oldest on the right in RTL', () => {
    expect(layoutBars(daily, box).bars.map((b) => b.x)).toEqual([1, 101, 201]);
    expect(layoutBars(daily, { ...box, rtl: true }).bars.map((b) => b.x)).toEqual([201, 101, 1]);
  });

  it('keeps a single request visible next to a large day and never overflows the box', () => {
    const { bars } = layoutBars(
      [
        { date: 'a', requests: 1, errors: 1 },
        { date: 'b', requests: 1000, errors: 0 },
      ],
      box,
    );
    expect(bars[0]!.errorHeight).toBe(1);
    expect(bars[1]!.okHeight).toBe(100);
    expect(bars.every((b) => b.errorY >= 0)).toBe(true);
  });

  it('never counts more errors than requests', () => {
    expect(layoutBars([{ date: 'a', requests: 2, errors: 5 }], box).bars[0]).toMatchObject({ errors: 2, okHeight: 0, errorHeight: 100 });
  });

  it('has a scale of 1 for thirty empty days', () => {
    const empty = Array.from({ length: 30 }, (_, i) => ({ date: `d${i}`, requests: 0, errors: 0 }));
    const { bars, max } = layoutBars(empty, box);
    expect(max).toBe(1);
    expect(bars).toHaveLength(30);
    expect(bars.every((b) => b.okHeight === 0 && b.errorHeight === 0)).toBe(true);
  });
});

describe('formatUsageDay', () => {
  it('formats the UTC day as that day in any time zone of the reader', () => {
    expect(formatUsageDay('2024-05-01', 'en')).toBe('May 1');
    expect(formatUsageDay('2024-12-31', 'de')).toBe('31. Dez.');
  });

  it('keeps text it cannot read', () => {
    expect(formatUsageDay('not a day', 'en')).toBe('not a day');
  });
});
