import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { Spinner } from '../../../components/spinner';
import { authFailureOf } from '../../../lib/auth-errors';
import { firstErrorKey } from '../../../lib/form-errors';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { authFailureTextKey } from '../auth-failure-texts';
import { NEW_PASSWORD_ERRORS, newPasswordSchema, readResetLink, type NewPasswordValues, type ResetLink } from '../validation';

export const RESET_RETRY_MS = 1000;
export const REDIRECT_AFTER_RESET_MS = 3000;

type LinkState = { status: 'checking' } | { status: 'ready'; link: ResetLink } | { status: 'invalid' };
const EMPTY: NewPasswordValues = { 'new-password': '', 'confirm-password': '' };

export interface ResetPasswordFormProps {
  /** Runs after the new password is set: sign out if signed in, then go to /login after 3 s. */
  onSuccess: () => void;
}

export function ResetPasswordForm({ onSuccess }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [linkState, setLinkState] = useState<LinkState>({ status: 'checking' });
  const resolver = useMemo(() => zodResolver(newPasswordSchema(linkState.status === 'ready')), [linkState.status]);
  // Errors change only on submit, as before: typing does not rewrite the message under the user's eyes.
  const form = useForm<NewPasswordValues>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const [newPassword, confirmPassword] = useWatch({ control: form.control, name: ['new-password', 'confirm-password'] });
  const { errors, isSubmitting } = form.formState;
  const invalid = firstErrorKey(errors, NEW_PASSWORD_ERRORS);
  const error = invalid ? t(`reset.errors.${invalid}`) : (errors.root?.server?.message ?? null);
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

  const submit = form.handleSubmit(async (values) => {
    if (linkState.status !== 'ready') return;
    try {
      await confirmPasswordReset(linkState.link.email, linkState.link.code, values['new-password']);
      setDone(true);
      onSuccess();
    } catch (caught) {
      const failure = authFailureOf(caught, 'resetConfirm');
      if (failure === 'invalidCode') setLinkState({ status: 'invalid' });
      else form.setError('root.server', { message: t(authFailureTextKey(failure, 'reset.errors.failed')) });
    }
  });

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
        <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <PasswordField label={t('reset.newPassword')} autoComplete="new-password" {...form.register('new-password')} />
          <PasswordField label={t('reset.confirmPassword')} autoComplete="new-password" {...form.register('confirm-password')} />
          <Button type="submit" busy={isSubmitting} disabled={newPassword === '' || confirmPassword === ''} className="w-full">
            {t('resetPage.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
