import { isValidKeyName, keyNameProblem } from './key-name';

describe('isValidKeyName', () => {
  it('rejects empty and blank names', () => {
    expect(isValidKeyName('')).toBe(false);
    expect(isValidKeyName('   \t')).toBe(false);
    expect(keyNameProblem('  ')).toBe('required');
  });

  it('accepts any name with a visible character', () => {
    expect(isValidKeyName('production')).toBe(true);
    expect(isValidKeyName('  ci  ')).toBe(true);
    expect(isValidKeyName('مفتاح الإنتاج 🚀')).toBe(true);
  });

  it.each([
    ['NUL', 'ci\u0000key'],
    ['a C1 control', 'ci\u0085'],
    ['a right-to-left override', '\u202Eyek'],
    ['a bidi isolate', '\u2066ci\u2069'],
    ['markup', '<b>ci</b>'],
  ])('refuses a name with %s, as the server does', (_, name) => {
    expect(keyNameProblem(name)).toBe('unsafe');
    expect(isValidKeyName(name)).toBe(false);
  });
});
