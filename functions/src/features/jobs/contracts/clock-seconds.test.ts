import { cutParamsSchema } from './media-jobs';

describe('seconds in cut parameters', () => {
  it('reads plain numbers and clock times', () => {
    expect(cutParamsSchema.parse({ start: '5' }).start).toBe(5);
    expect(cutParamsSchema.parse({ start: '2.5' }).start).toBe(2.5);
    expect(cutParamsSchema.parse({ start: '00:01:02.5' }).start).toBe(62.5);
    expect(cutParamsSchema.parse({ start: '01:00', duration: '0:00:03' })).toEqual({ start: 60, duration: 3 });
    expect(cutParamsSchema.parse({ start: 4, duration: 1.5 })).toEqual({ start: 4, duration: 1.5 });
  });

  it('defaults start to 0 and leaves duration open', () => {
    expect(cutParamsSchema.parse({})).toEqual({ start: 0 });
  });

  it('refuses negatives, words, exponents past a day and a zero duration', () => {
    for (const bad of [{ start: '-1' }, { start: 'abc' }, { start: '99999999' }, { duration: '0' }, { start: '1:75:00' }]) {
      expect(cutParamsSchema.safeParse(bad).success).toBe(false);
    }
  });
});
