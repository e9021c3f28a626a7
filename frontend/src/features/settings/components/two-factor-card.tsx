import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CodeField } from '../../../components/code-field';
import { CopyButton } from '../../../components/copy-button';
import { PasswordField } from '../../../components/password-field';
import { authFailureOf, type AuthFailure, type AuthFlow } from '../../../lib/auth-errors';
import { confirmAuthenticator, groupedSecret, startAuthenticatorSetup, turnOffTwoFactor, useRefreshTwoFactorStatus, useTwoFactorStatus, type AuthenticatorSetup } from '../api/two-factor';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { SettingsCard } from './settings-card';
import { SetupQrCode } from './setup-qr-code';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: AuthenticatorSetup } | { kind: 'turnOff' };

const TEXT_OF_FAILURE = {
  invalidCode: 'twoFactor.errors.wrongCode',
  wrongCurrentPassword: 'messages.currentPasswordIncorrect',
  tooManyAttempts: 'messages.tooManyAttempts',
  sessionExpired: 'messages.sessionExpired',
} as const satisfies Partial<Record<AuthFailure, string>>;

const failureText = (failure: AuthFailure) => (failure in TEXT_OF_FAILURE ? TEXT_OF_FAILURE[failure as keyof typeof TEXT_OF_FAILURE] : 'messages.failed');

/** Two-factor sign-in: an authenticator app's code after the password, turned on and off here. */
export function TwoFactorCard({ email, status }: { email: string; status: SettingsStatus }) {
  const { t } = useTranslation('settings');
  const twoFactor = useTwoFactorStatus();
  const refresh = useRefreshTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = twoFactor.data?.on ?? false;

  const act = async (flow: AuthFlow, action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    status.show(null);
    try {
      await action();
    } catch (caught) {
      setError(t(failureText(authFailureOf(caught, flow))));
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setStep({ kind: 'idle' });
    setValue('');
    setError(null);
  };

  const begin = () => void act('confirmAuthenticator', async () => setStep({ kind: 'setup', setup: await startAuthenticatorSetup(email) }));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return setError(t('twoFactor.errors.codeFormat'));
    void act('confirmAuthenticator', async () => {
      await confirmAuthenticator(code);
      await refresh();
      reset();
      status.show({ tone: 'success', text: t('messages.twoFactorOn') });
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') return setError(t('validation.currentPasswordRequired'));
    void act('changePassword', async () => {
      await turnOffTwoFactor(value);
      await refresh();
      reset();
      status.show({ tone: 'success', text: t('messages.twoFactorOff') });
    });
  };

  const disabled = busy || status.busy;
  return (
    <SettingsCard title={t('twoFactor.title')} description={t('twoFactor.description')} icon={ShieldCheck}>
      <p className="mb-4 text-sm text-zinc-700" data-testid="two-factor-status">
        {t('twoFactor.statusLabel')}{' '}
        <span className={`ms-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${on ? 'bg-emerald-50 text-emerald-700' : 'bg-zinc-100 text-zinc-700'}`}>
          {twoFactor.isPending || twoFactor.isError ? '…' : on ? t('twoFactor.on') : t('twoFactor.off')}
        </span>
      </p>
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {/* Unknown status: neither button, so no one turns on what may already be on. */}
      {twoFactor.isError && !error && (
        <Alert tone="error" className="mb-4">
          {t('messages.failed')}
        </Alert>
      )}
      {step.kind === 'idle' && twoFactor.isSuccess && (
        <Button variant={on ? 'secondary' : 'primary'} disabled={disabled} onClick={on ? () => setStep({ kind: 'turnOff' }) : begin}>
          {on ? t('twoFactor.turnOff') : t('twoFactor.turnOn')}
        </Button>
      )}
      {step.kind === 'setup' && (
        <form onSubmit={confirm} noValidate className="space-y-4">
          <ol className="list-decimal space-y-1 ps-5 text-sm text-zinc-700">
            <li>{t('twoFactor.setup.stepApp')}</li>
            <li>{t('twoFactor.setup.stepKey')}</li>
            <li>{t('twoFactor.setup.stepCode')}</li>
          </ol>
          <SetupQrCode value={step.setup.uri} label={t('twoFactor.setup.qrLabel')} />
          <div>
            <p className="mb-1.5 text-sm font-medium text-zinc-700">
              {t('twoFactor.setup.key')}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code dir="ltr" data-testid="two-factor-secret" className="min-w-0 break-all rounded-lg bg-zinc-50 px-3 py-2 font-mono text-sm tracking-wide text-zinc-900 ring-1 ring-inset ring-zinc-200">
                {groupedSecret(step.setup.secret)}
              </code>
              <CopyButton value={step.setup.secret} label={t('twoFactor.setup.copyKey')} />
            </div>
          </div>
          <div>
            <p className="mb-1.5 text-sm font-medium text-zinc-700">{t('twoFactor.setup.link')}</p>
            <div className="flex flex-wrap items-center gap-2">
              <a href={step.setup.uri} dir="ltr" className="min-w-0 break-all rounded text-sm text-indigo-600 underline hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600">
                {step.setup.uri}
              </a>
              <CopyButton value={step.setup.uri} label={t('twoFactor.setup.copyLink')} />
            </div>
            <p className="mt-1.5 text-xs text-zinc-500">{t('twoFactor.setup.linkHint')}</p>
          </div>
          <CodeField label={t('twoFactor.code')} required value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={error ? true : undefined} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={reset}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" busy={busy} disabled={status.busy}>
              {t('twoFactor.confirm')}
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'turnOff' && (
        <form onSubmit={turnOff} noValidate className="space-y-4">
          <p className="text-sm text-zinc-700">{t('twoFactor.turnOffPrompt')}</p>
          <PasswordField label={t('password.current')} autoComplete="current-password" value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={error ? true : undefined} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={reset}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={busy} disabled={status.busy}>
              {t('twoFactor.confirmTurnOff')}
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
