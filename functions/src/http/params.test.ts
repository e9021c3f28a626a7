import { ValidationError } from '../domain/shared/errors';
import { parseSeconds } from './params';

describe('parseSeconds', () => {
  it('reads plain and clock forms', () => {
    expect(parseSeconds('5', 'start')).toBe(5);
    expect(parseSeconds('2.5', 'start')).toBe(2.5);
    expect(parseSeconds('00:01:02.5', 'start')).toBe(62.5);
    expect(parseSeconds('01:00', 'start')).toBe(60);
  });

  it('treats absent as undefined', () => {
    expect(parseSeconds(undefined, 'start')).toBeUndefined();
    expect(parseSeconds('  ', 'start')).toBeUndefined();
  });

  it('names the field when it refuses a value', () => {
    for (const bad of ['-1', 'abc', '1e3', '99999999']) {
      try {
        parseSeconds(bad, 'duration');
        throw new Error(`accepted ${bad}`);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).param).toBe('duration');
      }
    }
  });
});
