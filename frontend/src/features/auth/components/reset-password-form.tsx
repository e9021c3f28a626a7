import { useEffect, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { Spinner } from '../../../components/spinner';
import { authFailureOf } from '../../../lib/auth-errors';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { authFailureTextKey } from '../auth-failure-texts';
import { readResetLink, validateNewPassword, type ResetLink } from '../validation';

export const RESET_RETRY_MS = 1000;
export const REDIRECT_AFTER_RESET_MS = 3000;

type LinkState = { status: 'checking' } | { status: 'ready'; link: ResetLink } | { status: 'invalid' };

export interface ResetPasswordFormProps {
  /** Runs after the new password is set: sign out if signed in, then go to /login after 3 s. */
  onSuccess: () => void;
}

export function ResetPasswordForm({ onSuccess }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [linkState, setLinkState] = useState<LinkState>({ status: 'checking' });
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // "Session ready" = the link carries code and email; look once more after 1 s before giving up.
  useEffect(() => {
    const first = readResetLink(window.location.search);
    if (first) {
      setLinkState({ status: 'ready', link: first });
      return undefined;
    }
    const timer = window.setTimeout(() => {
      const second = readResetLink(window.location.search);
      setLinkState(second ? { status: 'ready', link: second } : { status: 'invalid' });
    }, RESET_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const invalid = validateNewPassword(newPassword, confirmPassword, linkState.status === 'ready');
    if (invalid) {
      setError(t(`reset.errors.${invalid}`));
      return;
    }
    if (linkState.status !== 'ready') return;
    setBusy(true);
    try {
      await confirmPasswordReset(linkState.link.email, linkState.link.code, newPassword);
      setDone(true);
      onSuccess();
    } catch (caught) {
      const failure = authFailureOf(caught, 'resetConfirm');
      if (failure === 'invalidCode') setLinkState({ status: 'invalid' });
      else setError(t(authFailureTextKey(failure, 'reset.errors.failed')));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">{t('reset.successTitle')}</h1>
        <p className="mt-2 text-sm text-zinc-600">{t('reset.successBody')}</p>
      </div>
    );
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{t('resetPage.title')}</h1>
      <p className="mt-1 text-sm text-zinc-600">{t('resetPage.subtitle')}</p>
      {linkState.status === 'checking' && (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      )}
      {linkState.status === 'invalid' && (
        <>
          <Alert tone="error" className="mt-6">
            {t('reset.errors.invalidLink')}
          </Alert>
          <Link to="/login?mode=reset" className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
            {t('resetPage.requestNewLink')}
          </Link>
        </>
      )}
      {linkState.status === 'ready' && (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <PasswordField label={t('reset.newPassword')} name="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          <PasswordField label={t('reset.confirmPassword')} name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          <Button type="submit" busy={busy} disabled={newPassword === '' || confirmPassword === ''} className="w-full">
            {t('resetPage.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
