import { useEffect, useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, Globe2 } from 'lucide-react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';
import { changeLanguage } from '../../../lib/i18n';
import { LANGUAGES, resolveLanguage } from '../../../lib/languages';
import { useUpdatePreferences } from '../api/update-profile';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { preferencesFormSchema, type PreferencesFormValues } from '../schemas';
import { TIMEZONE_LABEL_KEYS, TIMEZONES } from '../timezones';
import { SettingsCard } from './settings-card';
import { useSettingsMessages } from './settings-messages';

function Checkbox({ label, hint, field }: { label: string; hint: string; field: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" aria-describedby={`${id}-hint`} className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-indigo-600" {...field} />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-zinc-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-zinc-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

function Select({ label, hint, field, children }: { label: string; hint?: string; field: UseFormRegisterReturn; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-700">
        {label}
      </label>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={`${inputClasses} pe-8`} {...field}>
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * Notification Preferences and Regional Settings are one form: `PUT /preferences` takes all five values, so
 * Save Preferences and Save Settings both save everything.
 */
export function PreferencesCards({ profile, status }: { profile: ProfileView; status: SettingsStatus }) {
  const { t, i18n } = useTranslation('settings');
  const messages = useSettingsMessages();
  const update = useUpdatePreferences();
  const showing = resolveLanguage(i18n.language);
  const form = useForm<PreferencesFormValues>({
    resolver: zodResolver(preferencesFormSchema),
    defaultValues: {
      email_notifications: profile.email_notifications,
      api_usage_alerts: profile.api_usage_alerts,
      marketing_emails: profile.marketing_emails,
      // The language select shows the language in use: saving keeps what the user sees.
      language: showing,
      timezone: profile.timezone,
    },
  });

  // The footer's selector (or a sign-in) can change the language too: the select follows it.
  useEffect(() => {
    if (form.getValues('language') !== showing) form.setValue('language', showing);
  }, [form, showing]);

  const save = form.handleSubmit(
    (values) =>
      status.run(async () => {
        await update.mutateAsync(values);
        return messages.success('preferencesSaved');
      }, messages.failure),
    (invalid) => status.show(messages.invalid(invalid)),
  );

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-6">
      <SettingsCard title={t('notifications.title')} description={t('notifications.description')} icon={BellRing}>
        <div className="space-y-4">
          <Checkbox label={t('notifications.emailNotifications')} hint={t('notifications.emailNotificationsHint')} field={form.register('email_notifications')} />
          <Checkbox label={t('notifications.apiUsageAlerts')} hint={t('notifications.apiUsageAlertsHint')} field={form.register('api_usage_alerts')} />
          <Checkbox label={t('notifications.marketingEmails')} hint={t('notifications.marketingEmailsHint')} field={form.register('marketing_emails')} />
        </div>
        <div className="mt-5 flex justify-end">
          <Button type="submit" disabled={status.busy}>
            {t('notifications.submit')}
          </Button>
        </div>
      </SettingsCard>
      <SettingsCard title={t('regional.title')} description={t('regional.description')} icon={Globe2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t('regional.language')}
            hint={t('regional.languageHint')}
            field={form.register('language', { onChange: (event: { target: { value: string } }) => void changeLanguage(resolveLanguage(event.target.value)) })}
          >
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.label}
              </option>
            ))}
          </Select>
          <Select label={t('regional.timezone')} field={form.register('timezone')}>
            {TIMEZONES.map((zone) => (
              <option key={zone} value={zone}>
                {t(`timezones.${TIMEZONE_LABEL_KEYS[zone]}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="mt-5 flex justify-end">
          <Button type="submit" disabled={status.busy}>
            {t('regional.submit')}
          </Button>
        </div>
      </SettingsCard>
    </form>
  );
}
