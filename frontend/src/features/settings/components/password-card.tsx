import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { authFailureOf } from '../../../lib/auth-errors';
import { changePassword, sendOwnPasswordReset } from '../api/account-auth';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { passwordFormSchema, type PasswordFormValues } from '../schemas';
import { SettingsCard } from './settings-card';
import { useSettingsMessages } from './settings-messages';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ email, status }: { email: string; status: SettingsStatus }) {
  const { t } = useTranslation('settings');
  const messages = useSettingsMessages();
  const form = useForm<PasswordFormValues>({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY });
  const [currentPassword, newPassword, confirmPassword] = useWatch({ control: form.control, name: ['currentPassword', 'newPassword', 'confirmPassword'] });
  const { errors } = form.formState;
  const incomplete = currentPassword === '' || newPassword === '' || confirmPassword === '';

  const save = form.handleSubmit(
    (values) =>
      status.run(
        async () => {
          await changePassword(values.currentPassword, values.newPassword);
          form.reset(EMPTY);
          return messages.success('passwordUpdated');
        },
        messages.authFailure('changePassword'),
      ),
    (invalid) => status.show(messages.invalid(invalid)),
  );

  // A signed-in user cannot use /login (it redirects to /): the reset e-mail goes straight to their own address.
  const forgot = () =>
    void status.run(async () => {
      try {
        await sendOwnPasswordReset(email);
      } catch (error) {
        // The same answer as on the sign-in page: a refusal that would tell an address apart reads as sent.
        if (authFailureOf(error, 'resetRequest') !== 'sameAsSuccess') throw error;
      }
      return { tone: 'info', text: t('password.resetSent', { email }) };
    }, messages.authFailure('resetRequest'));

  return (
    <SettingsCard title={t('password.title')} description={t('password.description')} icon={LockKeyhole}>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-4">
        <PasswordField label={t('password.current')} autoComplete="current-password" aria-invalid={errors.currentPassword ? true : undefined} {...form.register('currentPassword')} />
        <PasswordField label={t('password.new')} autoComplete="new-password" aria-invalid={errors.newPassword ? true : undefined} {...form.register('newPassword')} />
        <PasswordField label={t('password.confirm')} autoComplete="new-password" aria-invalid={errors.confirmPassword ? true : undefined} {...form.register('confirmPassword')} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <button
            type="button"
            onClick={forgot}
            disabled={status.busy}
            className="self-start rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('password.forgot')}
          </button>
          <Button type="submit" disabled={status.busy || incomplete}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
