/** Served at exactly this path, signed in or not (the link in the reset e-mail). */
export const RESET_PASSWORD_PATH = '/reset-password';
