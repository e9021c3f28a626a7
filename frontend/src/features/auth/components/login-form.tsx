import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { authFailureOf, type AuthFlow } from '../../../lib/auth-errors';
import { requestPasswordReset } from '../api/request-password-reset';
import { signInWithPassword } from '../api/sign-in';
import { signUpWithPassword } from '../api/sign-up';
import { authFailureTextKey } from '../auth-failure-texts';
import { validateCredentials } from '../validation';
import { LoginNotice } from './login-notice';

export type LoginMode = 'signIn' | 'signUp' | 'reset';

/** The mode lives in the address (?mode=signUp|reset), so links and the back button work. */
export function modeFromSearch(params: URLSearchParams): LoginMode {
  const mode = params.get('mode');
  return mode === 'signUp' || mode === 'reset' ? mode : 'signIn';
}

const linkClasses = 'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 rounded';
type Sent = { kind: 'verifyEmail' | 'checkEmail'; email: string } | null;
const FLOW_OF_MODE: Record<LoginMode, AuthFlow> = { signIn: 'signIn', signUp: 'signUp', reset: 'resetRequest' };

export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const mode = modeFromSearch(params);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);

  const clearOnSwitch = () => {
    setError(null);
    setPassword('');
  };

  const backToSignIn = () => {
    setSent(null);
    setEmail('');
    setPassword('');
    setError(null);
    setParams({}, { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const invalid = validateCredentials(email, password, mode !== 'reset');
    if (invalid) {
      setError(t(`validation.${invalid}`));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signIn') {
        const outcome = await signInWithPassword(email, password);
        if (outcome === 'signedIn') await onSignedIn();
        else setError(t(outcome === 'confirmSignUp' ? 'errors.confirmSignUp' : 'errors.generic'));
      } else if (mode === 'signUp') {
        await signUpWithPassword(email, password);
        setSent({ kind: 'verifyEmail', email: email.trim() });
      } else {
        await requestPasswordReset(email);
        setSent({ kind: 'checkEmail', email: email.trim() });
      }
    } catch (caught) {
      const failure = authFailureOf(caught, FLOW_OF_MODE[mode]);
      // Known or not, an address gets the same 'Check Your Email' screen.
      if (failure === 'sameAsSuccess') setSent({ kind: 'checkEmail', email: email.trim() });
      else setError(t(authFailureTextKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  if (sent) return <LoginNotice kind={sent.kind} email={sent.email} onBack={backToSignIn} />;

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{t(`${mode}.title`)}</h1>
      <p className="mt-1 text-sm text-zinc-600">{t(`${mode}.subtitle`)}</p>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label={t('email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        {mode !== 'reset' && (
          <PasswordField
            label={t('password')}
            name="password"
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        )}
        {mode === 'signIn' && (
          <div className="flex justify-end">
            <Link to={{ search: '?mode=reset' }} onClick={clearOnSwitch} className={`text-sm ${linkClasses}`}>
              {t('forgotPassword')}
            </Link>
          </div>
        )}
        <Button type="submit" busy={busy} className="w-full">
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
