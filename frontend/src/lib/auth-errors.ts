/** Name and message of anything thrown, without trusting its shape. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'object' && error !== null) {
    const record = error as Record<string, unknown>;
    return {
      name: typeof record.name === 'string' ? record.name : '',
      message: typeof record.message === 'string' ? record.message : '',
    };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/** The service's own message, else the given fallback. Not for the auth service's errors: see `authFailureOf`. */
export function errorMessageOr(error: unknown, fallback: string): string {
  const { message } = describeError(error);
  return message.trim() !== '' ? message : fallback;
}

const REFRESH_TOKEN_TEXT = /refresh token/i;

/**
 * True when the error says the refresh token is invalid, expired or missing:
 * the session cannot recover, so the user is signed out.
 */
export function isRefreshTokenError(error: unknown): boolean {
  const { name, message } = describeError(error);
  if (REFRESH_TOKEN_TEXT.test(message)) return true;
  if (/^(Invalid|Missing)RefreshToken/i.test(name)) return true;
  return name === 'NotAuthorizedException' && /refresh/i.test(message);
}

/** The portal's calls to the auth service (Cognito, through Amplify). */
export type AuthFlow =
  | 'signIn'
  /** Sign-in's second step: the code of the user's authenticator app. */
  | 'signInCode'
  | 'signUp'
  | 'resetRequest'
  | 'resetConfirm'
  | 'resendCode'
  | 'changePassword'
  | 'changeEmail'
  | 'confirmEmail'
  /** Confirming a new authenticator app with one of its codes. */
  | 'confirmAuthenticator';

/**
 * What a refusal means for the user, whatever words the service used. Each
 * form shows its own text for it; the service's message never reaches a user.
 */
export type AuthFailure =
  /** Sign-in: a wrong password, an unknown or a deleted account, a lockout: one neutral answer. */
  | 'wrongCredentials'
  | 'notConfirmed'
  | 'resetRequired'
  | 'accountExists'
  /** The new password breaks the pool's policy (too short). */
  | 'passwordPolicy'
  /** The new password breaks the API's rule: white space at either end. */
  | 'passwordFormat'
  /** Sign-up refused as a parameter: a password too short for the API or with spaces at its ends, or an address it cannot take. */
  | 'invalidSignUp'
  | 'tooManyAttempts'
  | 'invalidCode'
  | 'alreadyConfirmed'
  | 'wrongCurrentPassword'
  | 'emailInUse'
  | 'emailInvalid'
  | 'sessionExpired'
  /** A reset request for an address that cannot get one: shown exactly like success, so no one learns which addresses have accounts. */
  | 'sameAsSuccess'
  | 'unknown';

const TOO_MANY = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);
const BAD_CODE = new Set(['CodeMismatchException', 'ExpiredCodeException']);

/** Per flow, Cognito's error codes (from its API reference) and what they mean there. */
const BY_FLOW: Record<AuthFlow, Readonly<Record<string, AuthFailure>>> = {
  signIn: {
    NotAuthorizedException: 'wrongCredentials',
    UserNotFoundException: 'wrongCredentials',
    UserNotConfirmedException: 'notConfirmed',
    PasswordResetRequiredException: 'resetRequired',
  },
  signInCode: {
    CodeMismatchException: 'invalidCode',
    ExpiredCodeException: 'invalidCode',
    // The sign-in's session expired (3 minutes) or too many wrong codes: the password is asked again.
    NotAuthorizedException: 'sessionExpired',
  },
  signUp: {
    UsernameExistsException: 'accountExists',
    InvalidPasswordException: 'passwordPolicy',
    InvalidParameterException: 'invalidSignUp',
  },
  resetRequest: {
    // With existence hidden, Cognito answers these for addresses without a (verified, enabled) account.
    UserNotFoundException: 'sameAsSuccess',
    InvalidParameterException: 'sameAsSuccess',
    NotAuthorizedException: 'sameAsSuccess',
    UserNotConfirmedException: 'sameAsSuccess',
  },
  resetConfirm: {
    CodeMismatchException: 'invalidCode',
    ExpiredCodeException: 'invalidCode',
    UserNotFoundException: 'invalidCode',
    InvalidPasswordException: 'passwordPolicy',
    InvalidParameterException: 'passwordFormat',
  },
  resendCode: {
    InvalidParameterException: 'alreadyConfirmed',
    UserNotFoundException: 'sameAsSuccess',
  },
  changePassword: {
    NotAuthorizedException: 'wrongCurrentPassword',
    InvalidPasswordException: 'passwordPolicy',
    InvalidParameterException: 'passwordFormat',
  },
  changeEmail: {
    AliasExistsException: 'emailInUse',
    UsernameExistsException: 'emailInUse',
    InvalidParameterException: 'emailInvalid',
    NotAuthorizedException: 'sessionExpired',
  },
  confirmAuthenticator: {
    // Cognito's answer to a wrong code when confirming an app.
    EnableSoftwareTokenMFAException: 'invalidCode',
    CodeMismatchException: 'invalidCode',
    NotAuthorizedException: 'sessionExpired',
  },
  confirmEmail: {
    CodeMismatchException: 'invalidCode',
    ExpiredCodeException: 'invalidCode',
    AliasExistsException: 'emailInUse',
    NotAuthorizedException: 'sessionExpired',
  },
};

/** What a refusal of the auth service means in this flow, read from its code (`error.name`) only. */
export function authFailureOf(error: unknown, flow: AuthFlow): AuthFailure {
  const { name } = describeError(error);
  const mapped = BY_FLOW[flow][name];
  if (mapped) return mapped;
  if (TOO_MANY.has(name)) return 'tooManyAttempts';
  if (BAD_CODE.has(name) && flow !== 'signIn') return 'invalidCode';
  return 'unknown';
}
