import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CodeField } from '../../../components/code-field';
import { authFailureOf } from '../../../lib/auth-errors';
import { confirmSignInCode } from '../api/confirm-sign-in-code';
import { signInCodeFailureTextKey } from '../auth-failure-texts';

const CODE = /^\d{6}$/;

/** Sign-in's second step, once the password was right: the code of the user's authenticator app. */
export function SignInCodeForm({ onSignedIn, onBack }: { onSignedIn: () => Promise<void> | void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = code.replace(/\s/g, '');
    if (!CODE.test(entered)) {
      setError(t('code.invalidFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await confirmSignInCode(entered);
      if (outcome === 'signedIn') await onSignedIn();
      else setError(t('errors.generic'));
    } catch (caught) {
      const failure = authFailureOf(caught, 'signInCode');
      setError(t(signInCodeFailureTextKey(failure)));
      setExpired(failure === 'sessionExpired');
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{t('code.title')}</h1>
      <p className="mt-1 text-sm text-zinc-600">{t('code.subtitle')}</p>
      <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        {!expired && (
          <>
            <CodeField label={t('code.label')} hint={t('code.hint')} required autoFocus value={code} onChange={(event) => setCode(event.target.value)} aria-invalid={error ? true : undefined} />
            <Button type="submit" busy={busy} className="w-full">
              {t('code.submit')}
            </Button>
          </>
        )}
      </form>
      <p className="mt-6 text-center text-sm">
        <button type="button" onClick={onBack} className="rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600">
          {t('backToSignIn')}
        </button>
      </p>
    </div>
  );
}
