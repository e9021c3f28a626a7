import { confirmUserAttribute, fetchAuthSession, resetPassword, updatePassword, updateUserAttribute } from 'aws-amplify/auth';

/** Cognito e-mails a link to /settings?verify_email=CODE to the new address (CustomMessage trigger). */
export async function requestEmailChange(newEmail: string): Promise<void> {
  await updateUserAttribute({ userAttribute: { attributeKey: 'email', value: newEmail.trim() } });
}

/** Confirms the new address with the link's code, then renews the tokens so they carry it. */
export async function confirmEmailChange(code: string): Promise<void> {
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  await fetchAuthSession({ forceRefresh: true });
}

/** Cognito checks the current password itself: a wrong one is refused (see isWrongCurrentPassword). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

/** The signed-in 'Forgot password': the reset e-mail goes to the user's own address. */
export async function sendOwnPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email.trim() });
}
