import { readResetLink, validateCredentials, validateNewPassword } from './validation';

describe('validateCredentials', () => {
  it('requires an e-mail, then an e-mail shape, then a password', () => {
    expect(validateCredentials('', 'x')).toBe('emailRequired');
    expect(validateCredentials('   ', 'x')).toBe('emailRequired');
    expect(validateCredentials('not-an-email', 'x')).toBe('emailInvalid');
    expect(validateCredentials('a@b', 'x')).toBe('emailInvalid');
    expect(validateCredentials('dev@example.com', '')).toBe('passwordRequired');
  });

  it('has no length rule on the password', () => {
    expect(validateCredentials('dev@example.com', 'a')).toBeNull();
  });

  it('skips the password in reset mode', () => {
    expect(validateCredentials('dev@example.com', '', false)).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('checks match first, then length, then the session', () => {
    expect(validateNewPassword('abcdef', 'abcdeg', true)).toBe('passwordsDoNotMatch');
    expect(validateNewPassword('abc', 'abc', false)).toBe('passwordTooShort');
    expect(validateNewPassword('abcdef', 'abcdef', false)).toBe('sessionNotReady');
    expect(validateNewPassword('abcdef', 'abcdef', true)).toBeNull();
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
