import { estimateOf } from './processing-estimate';

const models = { crop: { fixed: 2, perUnit: 0.5 } } as unknown as Parameters<typeof estimateOf>[1];

describe('a processing estimate', () => {
  it('is the model line at the work asked for', () => {
    expect(estimateOf({ model: 'crop', units: 10 }, models, { medianPercent: 10, worstPercent: 20 })).toMatchObject({ seconds: 7, model: 'crop', error_percent: 10 });
  });

  it('ranges over every measured time the largest error allows: estimate / (1 + worst) to estimate / (1 - worst)', () => {
    const estimate = estimateOf({ model: 'crop', units: 16 }, models, { medianPercent: 10, worstPercent: 50 });
    expect(estimate.seconds).toBe(10);
    expect(estimate.low_seconds).toBeCloseTo(10 / 1.5, 1);
    expect(estimate.high_seconds).toBe(20);
  });

  it('keeps a finite upper end when the largest error reaches 100 % or more', () => {
    const estimate = estimateOf({ model: 'crop', units: 16 }, models, { medianPercent: 40, worstPercent: 150 });
    expect(Number.isFinite(estimate.high_seconds)).toBe(true);
    expect(estimate.high_seconds).toBeGreaterThan(estimate.seconds);
  });
});
