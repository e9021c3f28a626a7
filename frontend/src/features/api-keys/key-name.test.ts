import { isValidKeyName } from './key-name';

describe('isValidKeyName', () => {
  it('rejects empty and blank names', () => {
    expect(isValidKeyName('')).toBe(false);
    expect(isValidKeyName('   \t')).toBe(false);
  });

  it('accepts any name with a visible character', () => {
    expect(isValidKeyName('production')).toBe(true);
    expect(isValidKeyName('  ci  ')).toBe(true);
  });
});
