import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { firstErrorKey } from '../../lib/form-errors';
import { CREDENTIALS_ERRORS, credentialsSchema, NEW_PASSWORD_ERRORS, newPasswordSchema, readResetLink } from './validation';

/** What the form would report: the schema run through the same resolver the form uses, then the first key in the form's order. */
async function reported<T extends FieldValues, K extends string>(resolver: Resolver<T>, values: T, order: readonly K[]): Promise<K | null> {
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return firstErrorKey(errors, order);
}

describe('the sign-in rules', () => {
  const credentials = (email: string, password: string, needsPassword = true) =>
    reported(zodResolver(credentialsSchema(needsPassword)), { email, password }, CREDENTIALS_ERRORS);

  it('require an e-mail, then an e-mail shape, then a password', async () => {
    await expect(credentials('', 'x')).resolves.toBe('emailRequired');
    await expect(credentials('   ', 'x')).resolves.toBe('emailRequired');
    await expect(credentials('', '')).resolves.toBe('emailRequired');
    await expect(credentials('not-an-email', 'x')).resolves.toBe('emailInvalid');
    await expect(credentials('a@b', '')).resolves.toBe('emailInvalid');
    await expect(credentials('dev @example.com', 'x')).resolves.toBe('emailInvalid');
    await expect(credentials('dev@example.com', '')).resolves.toBe('passwordRequired');
  });

  it('have no length rule on the password', async () => {
    await expect(credentials('dev@example.com', 'a')).resolves.toBeNull();
  });

  it('skip the password in reset mode', async () => {
    await expect(credentials('dev@example.com', '', false)).resolves.toBeNull();
  });

  it('hand the e-mail on trimmed', () => {
    expect(credentialsSchema(true).parse({ email: ' dev@example.com ', password: 'x' }).email).toBe('dev@example.com');
  });
});

describe('the new-password rules', () => {
  const newPassword = (password: string, confirm: string, sessionReady: boolean) =>
    reported(zodResolver(newPasswordSchema(sessionReady)), { 'new-password': password, 'confirm-password': confirm }, NEW_PASSWORD_ERRORS);

  it('check the match first, then the length, then the session', async () => {
    await expect(newPassword('abcdef', 'abcdeg', true)).resolves.toBe('passwordsDoNotMatch');
    await expect(newPassword('abc', 'abcd', false)).resolves.toBe('passwordsDoNotMatch');
    await expect(newPassword('abc', 'abc', false)).resolves.toBe('passwordTooShort');
    await expect(newPassword('abcdef', 'abcdef', false)).resolves.toBe('sessionNotReady');
    await expect(newPassword('abcdef', 'abcdef', true)).resolves.toBeNull();
  });
});

describe('readResetLink', () => {
  it('needs both code and email', () => {
    expect(readResetLink('?code=123456&email=dev%40example.com')).toEqual({ code: '123456', email: 'dev@example.com' });
    expect(readResetLink('?code=123456')).toBeNull();
    expect(readResetLink('?email=dev%40example.com')).toBeNull();
    expect(readResetLink('')).toBeNull();
  });

  it('keeps a plus sign that was percent-encoded', () => {
    expect(readResetLink('?code=1&email=a%2Bb%40example.com')?.email).toBe('a+b@example.com');
  });
});
