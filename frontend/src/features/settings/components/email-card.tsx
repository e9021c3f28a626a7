import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Mail } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { requestEmailChange } from '../api/account-auth';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { emailFormSchema, type EmailFormValues } from '../schemas';
import { SettingsCard } from './settings-card';
import { useSettingsMessages } from './settings-messages';

export function EmailCard({ email, status }: { email: string; status: SettingsStatus }) {
  const { t } = useTranslation('settings');
  const messages = useSettingsMessages();
  const schema = useMemo(() => emailFormSchema(email), [email]);
  const form = useForm<EmailFormValues>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const newEmail = useWatch({ control: form.control, name: 'newEmail' });
  const { errors } = form.formState;

  const save = form.handleSubmit(
    (values) =>
      status.run(async () => {
        await requestEmailChange(values.newEmail);
        form.reset({ newEmail: '' });
        return { tone: 'info', text: t('email.verificationSent', { email: values.newEmail }) };
      }, messages.authFailure('changeEmail')),
    (invalid) => status.show(messages.invalid(invalid)),
  );

  return (
    <SettingsCard title={t('email.title')} description={t('email.description')} icon={Mail}>
      <dl className="mb-4 text-sm">
        <dt className="font-medium text-zinc-700">{t('email.current')}</dt>
        <dd className="mt-1 break-all text-zinc-900" data-testid="current-email">
          {email}
        </dd>
      </dl>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-3">
        <TextField
          label={t('email.new')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('email.newPlaceholder')}
          aria-invalid={errors.newEmail ? true : undefined}
          {...form.register('newEmail')}
        />
        <p className="flex items-start gap-2 text-xs text-zinc-600">
          <Info aria-hidden="true" className="mt-px size-3.5 shrink-0 text-indigo-500" />
          {t('email.notice')}
        </p>
        <Button type="submit" disabled={status.busy || newEmail.trim() === ''}>
          {t('email.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}
