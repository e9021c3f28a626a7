import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { authFailureOf, type AuthFlow } from '../../../lib/auth-errors';
import { firstErrorKey } from '../../../lib/form-errors';
import { resolveLanguage } from '../../../lib/languages';
import { requestPasswordReset } from '../api/request-password-reset';
import { signInWithPassword } from '../api/sign-in';
import { signUpWithPassword } from '../api/sign-up';
import { authFailureTextKey } from '../auth-failure-texts';
import { CREDENTIALS_ERRORS, credentialsSchema, type CredentialsValues } from '../validation';
import { LoginNotice } from './login-notice';
import { SignInCodeForm } from './sign-in-code-form';

export type LoginMode = 'signIn' | 'signUp' | 'reset';

/** The mode lives in the address (?mode=signUp|reset), so links and the back button work. */
export function modeFromSearch(params: URLSearchParams): LoginMode {
  const mode = params.get('mode');
  return mode === 'signUp' || mode === 'reset' ? mode : 'signIn';
}

const linkClasses = 'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 rounded';
type Sent = { kind: 'verifyEmail' | 'checkEmail'; email: string } | null;
const FLOW_OF_MODE: Record<LoginMode, AuthFlow> = { signIn: 'signIn', signUp: 'signUp', reset: 'resetRequest' };

const EMPTY: CredentialsValues = { email: '', password: '' };

export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const { t, i18n } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const mode = modeFromSearch(params);
  const resolver = useMemo(() => zodResolver(credentialsSchema(mode !== 'reset')), [mode]);
  // Errors change only on submit, as before: typing does not rewrite the message under the user's eyes.
  const form = useForm<CredentialsValues>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const invalid = firstErrorKey(errors, CREDENTIALS_ERRORS);
  const error = invalid ? t(`validation.${invalid}`) : (errors.root?.server?.message ?? null);
  const [sent, setSent] = useState<Sent>(null);
  // The password was right and the account asks for its authenticator app's code.
  const [codeStep, setCodeStep] = useState(false);

  const clearOnSwitch = () => {
    form.clearErrors();
    form.setValue('password', '');
  };

  const backToSignIn = () => {
    setSent(null);
    form.reset(EMPTY);
    setParams({}, { replace: true });
  };

  const refuse = (message: string) => form.setError('root.server', { message });

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      if (mode === 'signIn') {
        const outcome = await signInWithPassword(email, password);
        if (outcome === 'signedIn') await onSignedIn();
        else if (outcome === 'authenticatorCode') setCodeStep(true);
        else refuse(t(outcome === 'confirmSignUp' ? 'errors.confirmSignUp' : 'errors.generic'));
      } else if (mode === 'signUp') {
        await signUpWithPassword(email, password, resolveLanguage(i18n.language));
        setSent({ kind: 'verifyEmail', email });
      } else {
        await requestPasswordReset(email, resolveLanguage(i18n.language));
        setSent({ kind: 'checkEmail', email });
      }
    } catch (caught) {
      const failure = authFailureOf(caught, FLOW_OF_MODE[mode]);
      // Known or not, an address gets the same 'Check Your Email' screen.
      if (failure === 'sameAsSuccess') setSent({ kind: 'checkEmail', email });
      else refuse(t(authFailureTextKey(failure)));
    }
  });

  if (sent) return <LoginNotice kind={sent.kind} email={sent.email} onBack={backToSignIn} />;
  if (codeStep) {
    return (
      <SignInCodeForm
        onSignedIn={onSignedIn}
        onBack={() => {
          setCodeStep(false);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{t(`${mode}.title`)}</h1>
      <p className="mt-1 text-sm text-zinc-600">{t(`${mode}.subtitle`)}</p>
      <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label={t('email')} type="email" autoComplete="email" required {...form.register('email')} />
        {mode !== 'reset' && (
          <PasswordField
            label={t('password')}
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
            required
            {...form.register('password')}
          />
        )}
        {mode === 'signIn' && (
          <div className="flex justify-end">
            <Link to={{ search: '?mode=reset' }} onClick={clearOnSwitch} className={`text-sm ${linkClasses}`}>
              {t('forgotPassword')}
            </Link>
          </div>
        )}
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t(`${mode}.submit`)}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600">
        {mode === 'signIn' ? t('noAccount') : t('haveAccount')}{' '}
        <Link to={{ search: mode === 'signIn' ? '?mode=signUp' : '' }} onClick={clearOnSwitch} className={linkClasses}>
          {mode === 'signIn' ? t('createAccountLink') : t('signInLink')}
        </Link>
      </p>
    </div>
  );
}
