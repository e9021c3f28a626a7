import { authFailureOf, describeError, errorMessageOr, isRefreshTokenError } from './auth-errors';

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

describe('authFailureOf: the meaning of a Cognito refusal, by its code alone', () => {
  it("gives one neutral answer to sign-in's wrong password, unknown user, deleted account and lockout", () => {
    expect(authFailureOf(named('NotAuthorizedException', 'Incorrect username or password.'), 'signIn')).toBe('wrongCredentials');
    expect(authFailureOf(named('NotAuthorizedException', 'User not authorized'), 'signIn')).toBe('wrongCredentials');
    expect(authFailureOf(named('NotAuthorizedException', 'Password attempts exceeded'), 'signIn')).toBe('wrongCredentials');
    expect(authFailureOf(named('UserNotFoundException', 'User does not exist.'), 'signIn')).toBe('wrongCredentials');
    expect(authFailureOf(named('UserNotConfirmedException', 'User is not confirmed.'), 'signIn')).toBe('notConfirmed');
    expect(authFailureOf(named('PasswordResetRequiredException', 'Password reset required for the user'), 'signIn')).toBe('resetRequired');
  });

  it("maps sign-up's refusals: the pool policy, the API's parameter rules, an existing account", () => {
    expect(authFailureOf(named('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'), 'signUp')).toBe('passwordPolicy');
    expect(authFailureOf(named('InvalidPasswordException', 'Invalid password'), 'signUp')).toBe('passwordPolicy');
    expect(authFailureOf(named('InvalidParameterException', '1 validation error detected'), 'signUp')).toBe('invalidSignUp');
    expect(authFailureOf(named('UsernameExistsException', 'An account with the given email already exists.'), 'signUp')).toBe('accountExists');
  });

  it('reads every refusal of a reset request that would tell addresses apart as success', () => {
    for (const name of ['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException', 'UserNotConfirmedException']) {
      expect(authFailureOf(named(name, 'whatever'), 'resetRequest')).toBe('sameAsSuccess');
    }
    expect(authFailureOf(named('LimitExceededException', 'Attempt limit exceeded'), 'resetRequest')).toBe('tooManyAttempts');
  });

  it('maps the reset page, the password change and the e-mail change', () => {
    expect(authFailureOf(named('CodeMismatchException', 'x'), 'resetConfirm')).toBe('invalidCode');
    expect(authFailureOf(named('ExpiredCodeException', 'x'), 'resetConfirm')).toBe('invalidCode');
    expect(authFailureOf(named('InvalidPasswordException', 'x'), 'resetConfirm')).toBe('passwordPolicy');
    expect(authFailureOf(named('InvalidParameterException', 'x'), 'resetConfirm')).toBe('passwordFormat');
    expect(authFailureOf(named('NotAuthorizedException', 'Incorrect username or password.'), 'changePassword')).toBe('wrongCurrentPassword');
    expect(authFailureOf(named('InvalidPasswordException', 'x'), 'changePassword')).toBe('passwordPolicy');
    expect(authFailureOf(named('LimitExceededException', 'x'), 'changePassword')).toBe('tooManyAttempts');
    expect(authFailureOf(named('AliasExistsException', 'x'), 'changeEmail')).toBe('emailInUse');
    expect(authFailureOf(named('CodeMismatchException', 'x'), 'confirmEmail')).toBe('invalidCode');
    expect(authFailureOf(named('NotAuthorizedException', 'Access Token has been revoked'), 'confirmEmail')).toBe('sessionExpired');
    expect(authFailureOf(named('InvalidParameterException', 'User is already confirmed.'), 'resendCode')).toBe('alreadyConfirmed');
  });

  it('maps the authenticator code at sign-in and when confirming an app', () => {
    expect(authFailureOf(named('CodeMismatchException', 'Invalid code'), 'signInCode')).toBe('invalidCode');
    expect(authFailureOf(named('NotAuthorizedException', 'Invalid session for the user, session is expired.'), 'signInCode')).toBe('sessionExpired');
    expect(authFailureOf(named('LimitExceededException', 'x'), 'signInCode')).toBe('tooManyAttempts');
    expect(authFailureOf(named('EnableSoftwareTokenMFAException', 'Code mismatch'), 'confirmAuthenticator')).toBe('invalidCode');
    expect(authFailureOf(named('CodeMismatchException', 'x'), 'confirmAuthenticator')).toBe('invalidCode');
    // A wrong password at sign-in stays the neutral answer, never 'invalid code'.
    expect(authFailureOf(named('CodeMismatchException', 'x'), 'signIn')).toBe('unknown');
  });

  it('never reads the message: the same text under another code, or no code, is unknown', () => {
    expect(authFailureOf(named('Error', 'Incorrect username or password.'), 'signIn')).toBe('unknown');
    expect(authFailureOf(new Error('User already exists'), 'signUp')).toBe('unknown');
    expect(authFailureOf(named('NetworkError', 'A network error has occurred.'), 'signIn')).toBe('unknown');
    expect(authFailureOf(undefined, 'signIn')).toBe('unknown');
    expect(authFailureOf({ name: 'TooManyRequestsException' }, 'signIn')).toBe('tooManyAttempts');
  });
});
