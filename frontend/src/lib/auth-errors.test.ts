import { describeError, errorMessageOr, isInvalidResetCodeError, isRefreshTokenError } from './auth-errors';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('isRefreshTokenError', () => {
  it('recognises Cognito refusing the refresh token', () => {
    expect(isRefreshTokenError(named('NotAuthorizedException', 'Invalid Refresh Token'))).toBe(true);
    expect(isRefreshTokenError(named('NotAuthorizedException', 'Refresh Token has expired'))).toBe(true);
    expect(isRefreshTokenError(named('Error', 'Invalid Refresh Token'))).toBe(true);
    expect(isRefreshTokenError({ name: 'X', message: 'missing refresh token' })).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isRefreshTokenError(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
    expect(isRefreshTokenError(named('NetworkError', 'Failed to fetch'))).toBe(false);
    expect(isRefreshTokenError(undefined)).toBe(false);
    expect(isRefreshTokenError('boom')).toBe(false);
  });
});

describe('isInvalidResetCodeError', () => {
  it('matches wrong and expired codes only', () => {
    expect(isInvalidResetCodeError(named('CodeMismatchException', 'Invalid code'))).toBe(true);
    expect(isInvalidResetCodeError(named('ExpiredCodeException', 'Expired'))).toBe(true);
    expect(isInvalidResetCodeError(named('LimitExceededException', 'Slow down'))).toBe(false);
  });
});

describe('errorMessageOr', () => {
  it('prefers the service message and falls back otherwise', () => {
    expect(errorMessageOr(new Error('User already exists'), 'An error occurred')).toBe('User already exists');
    expect(errorMessageOr(new Error(''), 'An error occurred')).toBe('An error occurred');
    expect(errorMessageOr(null, 'An error occurred')).toBe('An error occurred');
  });

  it('reads plain objects and strings', () => {
    expect(describeError({ name: 'A', message: 'b' })).toEqual({ name: 'A', message: 'b' });
    expect(describeError('text')).toEqual({ name: '', message: 'text' });
  });
});
