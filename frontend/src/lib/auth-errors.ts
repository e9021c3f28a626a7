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

/** The service's own message, else the given fallback. */
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

/** Cognito's answers for a reset code that is wrong or out of date. */
export function isInvalidResetCodeError(error: unknown): boolean {
  const { name } = describeError(error);
  return name === 'CodeMismatchException' || name === 'ExpiredCodeException';
}
