import { useEffect } from 'react';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth-session';
import { useProfile } from '../api/profile';
import { useEmailVerificationLink } from '../hooks/use-email-verification-link';
import { useSettingsStatus } from '../hooks/use-settings-status';
import { defaultProfile } from '../profile-display';
import { DangerZoneCard } from './danger-zone-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { PreferencesCards } from './preferences-cards';
import { ProfileCard } from './profile-card';
import { SettingsBanner } from './settings-banner';
import { TwoFactorCard } from './two-factor-card';

export function SettingsView() {
  const { state } = useAuth();
  const user = state.status === 'signedIn' ? state.user : { userId: '', email: '' };
  const profile = useProfile();
  const status = useSettingsStatus();
  useEmailVerificationLink(status);

  // spec §8: profile load errors are only logged; the page works on with the defaults.
  useEffect(() => {
    if (profile.error) console.error('The profile could not be loaded', profile.error);
  }, [profile.error]);

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }

  const view = profile.data ?? defaultProfile(user.userId, user.email);
  return (
    <div className="space-y-6">
      <SettingsBanner banner={status.banner} onDismiss={() => status.show(null)} />
      <ProfileCard profile={view} email={user.email} status={status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <EmailCard email={user.email} status={status} />
        <PasswordCard email={user.email} status={status} />
      </div>
      <TwoFactorCard email={user.email} status={status} />
      <PreferencesCards profile={view} status={status} />
      <DangerZoneCard status={status} />
    </div>
  );
}
