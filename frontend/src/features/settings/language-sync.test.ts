import { isFreshSignIn, languageAfterSignIn } from './language-sync';

describe('isFreshSignIn', () => {
  it('is a sign-in made on the page: signed out, then signed in', () => {
    expect(isFreshSignIn('signedOut', 'signedIn')).toBe(true);
  });

  it('is a sign-in the form marked, even when the session was first read after it finished', () => {
    expect(isFreshSignIn('loading', 'signedIn', true)).toBe(true);
    expect(isFreshSignIn(null, 'signedIn', true)).toBe(true);
    expect(isFreshSignIn('loading', 'signedOut', true)).toBe(false);
  });

  it('is not a session restored on load, nor any other change', () => {
    expect(isFreshSignIn('loading', 'signedIn')).toBe(false);
    expect(isFreshSignIn(null, 'signedIn')).toBe(false);
    expect(isFreshSignIn('signedIn', 'signedIn')).toBe(false);
    expect(isFreshSignIn('signedIn', 'signedOut')).toBe(false);
  });
});

describe('languageAfterSignIn', () => {
  const saved = (language: 'en' | 'ar' | 'de') => ({ language, updated_at: '2026-01-01T00:00:00.000Z' });

  it('switches to the saved language when another one is showing', () => {
    expect(languageAfterSignIn(saved('ar'), 'en')).toBe('ar');
    expect(languageAfterSignIn(saved('en'), 'de')).toBe('en');
  });

  it('leaves the interface alone when it already shows that language', () => {
    expect(languageAfterSignIn(saved('de'), 'de')).toBeNull();
  });

  it('treats an unknown showing language as English', () => {
    expect(languageAfterSignIn(saved('en'), 'fr')).toBeNull();
    expect(languageAfterSignIn(saved('ar'), undefined)).toBe('ar');
  });

  it('keeps the browser choice when the profile was never saved (it only holds defaults)', () => {
    expect(languageAfterSignIn({ language: 'en', updated_at: null }, 'ar')).toBeNull();
  });
});
