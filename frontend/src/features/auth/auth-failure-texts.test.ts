import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userPool } from '@frameforge/functions/kernel/contracts/resources';
import type { AuthFailure } from '../../lib/auth-errors';
import { LANGUAGES } from '../../lib/languages';
import { authFailureTextKey, signInCodeFailureTextKey } from './auth-failure-texts';

/** A namespace's texts in one language, read from the locale file as the build reads it. */
const texts = (language: string, namespace: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../locales', language, `${namespace}.json`), 'utf8'));

const FAILURES: AuthFailure[] = [
  'wrongCredentials', 'notConfirmed', 'resetRequired', 'accountExists', 'passwordPolicy', 'passwordFormat', 'invalidSignUp',
  'tooManyAttempts', 'invalidCode', 'alreadyConfirmed', 'wrongCurrentPassword', 'emailInUse', 'emailInvalid', 'sessionExpired',
  'sameAsSuccess', 'unknown',
];

const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('texts of refused sign-ins, sign-ups and resets', () => {
  it("shows the spec's minimum-length text when sign-up meets the pool policy", () => {
    expect(authFailureTextKey('passwordPolicy')).toBe('reset.errors.passwordTooShort');
    expect(lookup(texts('en', 'auth'), 'reset.errors.passwordTooShort')).toBe('Password must be at least 6 characters long');
  });

  it("falls back to the screen's own text, and every key has a text in every language", () => {
    expect(authFailureTextKey('unknown')).toBe('errors.generic');
    expect(authFailureTextKey('unknown', 'reset.errors.failed')).toBe('reset.errors.failed');
    for (const language of LANGUAGES) {
      for (const failure of FAILURES) {
        const text = lookup(texts(language.code, 'auth'), authFailureTextKey(failure));
        expect([language.code, failure, typeof text === 'string' && text.trim() !== '']).toEqual([language.code, failure, true]);
      }
    }
  });

  it('has a text in every language for each refusal of the sign-in code', () => {
    expect(signInCodeFailureTextKey('invalidCode')).toBe('errors.wrongCode');
    expect(signInCodeFailureTextKey('sessionExpired')).toBe('errors.codeSessionExpired');
    expect(signInCodeFailureTextKey('unknown')).toBe('errors.generic');
    for (const language of LANGUAGES) {
      for (const failure of ['invalidCode', 'sessionExpired', 'tooManyAttempts'] as const) {
        const text = lookup(texts(language.code, 'auth'), signInCodeFailureTextKey(failure));
        expect([language.code, failure, typeof text === 'string' && text.trim() !== '']).toEqual([language.code, failure, true]);
      }
    }
  });

  it("names the pool policy's minimum in each language's length texts", () => {
    for (const language of LANGUAGES) {
      const auth = texts(language.code, 'auth');
      const settings = texts(language.code, 'settings');
      for (const text of [lookup(auth, 'reset.errors.passwordTooShort'), lookup(auth, 'errors.invalidSignUp'), lookup(settings, 'validation.passwordTooShort')]) {
        expect(text).toContain(String(userPool.passwordPolicy.minimumLength));
      }
    }
  });
});
