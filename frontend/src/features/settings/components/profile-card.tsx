import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useUpdateProfile } from '../api/update-profile';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { displayName } from '../profile-display';
import { MAX_USERNAME_LENGTH, profileFormSchema, type ProfileFormValues } from '../schemas';
import { PictureSection } from './picture-section';
import { SettingsCard } from './settings-card';
import { useSettingsMessages } from './settings-messages';

export function ProfileCard({ profile, email, status }: { profile: ProfileView; email: string; status: SettingsStatus }) {
  const { t } = useTranslation('settings');
  const messages = useSettingsMessages();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: { username: profile.username ?? '' } });
  const { errors } = form.formState;

  const save = form.handleSubmit(
    (values) =>
      status.run(async () => {
        const saved = await update.mutateAsync(values);
        form.reset({ username: saved.username ?? '' });
        return messages.success('profileUpdated');
      }, messages.failure),
    (invalid) => status.show(messages.invalid(invalid)),
  );

  return (
    <SettingsCard title={t('profile.title')} description={t('profile.description')} icon={UserRound}>
      <PictureSection profile={profile} name={displayName(profile.username, email)} status={status} />
      <form onSubmit={(event) => void save(event)} noValidate className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('profile.username')}
          placeholder={t('profile.usernamePlaceholder')}
          autoComplete="nickname"
          maxLength={MAX_USERNAME_LENGTH}
          aria-invalid={errors.username ? true : undefined}
          className="flex-1"
          {...form.register('username')}
        />
        <Button type="submit" disabled={status.busy}>
          {t('profile.save')}
        </Button>
      </form>
    </SettingsCard>
  );
}
