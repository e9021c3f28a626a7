import { LANGUAGES, directionOf, isLanguageCode, resolveLanguage } from './languages';

describe('languages', () => {
  it('ships the six spec languages, English first', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'it', 'de', 'hr', 'ru', 'ar']);
  });

  it('falls back to English for a missing or unknown stored choice', () => {
    expect(resolveLanguage(null)).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
    expect(resolveLanguage('fr')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
  });

  it('keeps a supported stored choice', () => {
    expect(resolveLanguage('hr')).toBe('hr');
    expect(resolveLanguage('ar')).toBe('ar');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    for (const code of ['en', 'it', 'de', 'hr', 'ru'] as const) expect(directionOf(code)).toBe('ltr');
  });

  it('recognises only shipped codes', () => {
    expect(isLanguageCode('de')).toBe(true);
    expect(isLanguageCode('DE')).toBe(false);
    expect(isLanguageCode(3)).toBe(false);
  });
});
