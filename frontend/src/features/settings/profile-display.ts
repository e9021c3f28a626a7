import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { DEFAULT_LANGUAGE } from '../../lib/languages';
import { usernameFromEmail } from '../../lib/account-rules';

/** The dropdown's name: the saved username, else the part of the e-mail before the at-sign. */
export function displayName(username: string | null | undefined, email: string): string {
  const saved = username?.trim() ?? '';
  return saved !== '' ? saved : usernameFromEmail(email);
}

/** The letter shown in an avatar without a picture. */
export function avatarInitial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/** spec §9 defaults, for when the profile could not be loaded (its errors are only logged). */
export function defaultProfile(userId: string, email: string): ProfileView {
  return {
    user_id: userId,
    email,
    username: null,
    profile_picture_url: null,
    profile_picture_path: null,
    email_notifications: true,
    api_usage_alerts: true,
    marketing_emails: false,
    language: DEFAULT_LANGUAGE,
    timezone: 'UTC',
    updated_at: null,
  };
}
