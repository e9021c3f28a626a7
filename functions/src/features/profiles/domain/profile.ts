import type { Language, ProfileView, Timezone } from '../contracts/profile';

/** spec user_profiles: one row per user, created by its first save. */
export interface ProfileRecord {
  userId: string;
  username?: string | null;
  profilePictureUrl?: string | null;
  profilePicturePath?: string | null;
  emailNotifications?: boolean;
  apiUsageAlerts?: boolean;
  marketingEmails?: boolean;
  language?: Language;
  timezone?: Timezone;
  updatedAt?: string;
}

export interface Preferences {
  emailNotifications: boolean;
  apiUsageAlerts: boolean;
  marketingEmails: boolean;
  language: Language;
  timezone: Timezone;
}

/** spec §9's defaults for a user who never saved settings. */
export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  apiUsageAlerts: true,
  marketingEmails: false,
  language: 'en',
  timezone: 'UTC',
};

/** Each save updates the row, or creates it with the defaults for what it does not set. */
export interface ProfileRepository {
  get(userId: string): Promise<ProfileRecord | undefined>;
  update(userId: string, changes: Partial<Omit<ProfileRecord, 'userId'>>, at: string): Promise<ProfileRecord>;
  delete(userId: string): Promise<void>;
}

export function preferencesOf(record: ProfileRecord | undefined): Preferences {
  return {
    emailNotifications: record?.emailNotifications ?? DEFAULT_PREFERENCES.emailNotifications,
    apiUsageAlerts: record?.apiUsageAlerts ?? DEFAULT_PREFERENCES.apiUsageAlerts,
    marketingEmails: record?.marketingEmails ?? DEFAULT_PREFERENCES.marketingEmails,
    language: record?.language ?? DEFAULT_PREFERENCES.language,
    timezone: record?.timezone ?? DEFAULT_PREFERENCES.timezone,
  };
}

export function toProfileView(userId: string, email: string, record: ProfileRecord | undefined): ProfileView {
  const preferences = preferencesOf(record);
  return {
    user_id: userId,
    email,
    username: record?.username ?? null,
    profile_picture_url: record?.profilePictureUrl ?? null,
    profile_picture_path: record?.profilePicturePath ?? null,
    email_notifications: preferences.emailNotifications,
    api_usage_alerts: preferences.apiUsageAlerts,
    marketing_emails: preferences.marketingEmails,
    language: preferences.language,
    timezone: preferences.timezone,
    updated_at: record?.updatedAt ?? null,
  };
}
