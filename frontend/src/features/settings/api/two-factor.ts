import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, updatePassword, verifyTOTPSetup } from 'aws-amplify/auth';

/** The name authenticator apps list the account under. */
const ISSUER = 'FrameForge';
const twoFactorQueryKey = ['two-factor'] as const;

/** Whether sign-in asks for an authenticator app's code (Cognito's software-token MFA). */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorQueryKey, queryFn: async () => ({ on: (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false }) });
}

export function useRefreshTwoFactorStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: twoFactorQueryKey });
}

export interface AuthenticatorSetup {
  /** The shared secret, base32, for typing into an app. */
  secret: string;
  /** The otpauth:// address an app opens or a QR code would carry. */
  uri: string;
}

/** A new secret for the user's authenticator app; it takes effect only once confirmed with one of its codes. */
export async function startAuthenticatorSetup(accountName: string): Promise<AuthenticatorSetup> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(ISSUER, accountName).toString() };
}

/** Confirms the app with a code it shows, then makes it the second step of every sign-in. */
export async function confirmAuthenticator(code: string): Promise<void> {
  await verifyTOTPSetup({ code: code.replace(/\s/g, '') });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/**
 * Turns two-factor sign-in off once the user proved the password: Cognito
 * checks it by a password change to the same password (a wrong one is refused
 * with NotAuthorizedException, within the limit on wrong current passwords).
 */
export async function turnOffTwoFactor(password: string): Promise<void> {
  await updatePassword({ oldPassword: password, newPassword: password });
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** The secret in groups of four, as apps show it and people type it. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
