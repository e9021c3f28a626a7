import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { authFailureOf } from '../../../lib/auth-errors';
import { resolveLanguage } from '../../../lib/languages';
import { resendVerification } from '../api/resend-verification';
import { authFailureTextKey } from '../auth-failure-texts';

/**
 * Shown on /login when a verification link could not confirm the account.
 * `unavailable`: the sign-in service did not answer, so the link itself may
 * still be good and opening it again later is the advice, not a new link.
 */
export function VerificationFailed({ email, reason }: { email: string | null; reason: string | null }) {
  const { t, i18n } = useTranslation('auth');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    if (!email) return;
    setError(null);
    setState('sending');
    try {
      await resendVerification(email, resolveLanguage(i18n.language));
      setState('sent');
    } catch (e) {
      const failure = authFailureOf(e, 'resendCode');
      if (failure === 'sameAsSuccess') {
        setState('sent');
        return;
      }
      setError(t(authFailureTextKey(failure)));
      setState('idle');
    }
  };

  if (state === 'sent') {
    return (
      <Alert tone="success" className="mb-6">
        {t('verifyFailed.sent', { email })}
      </Alert>
    );
  }
  if (reason === 'unavailable') {
    return (
      <Alert tone="error" title={t('verifyFailed.unavailableTitle')} className="mb-6">
        <p>{t('verifyFailed.unavailableBody')}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={t('verifyFailed.title')} className="mb-6">
      <p>{t('verifyFailed.body')}</p>
      {error && <p className="mt-1">{error}</p>}
      {email && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void resend()} disabled={state === 'sending'}>
          {t('verifyFailed.resend')}
        </Button>
      )}
    </Alert>
  );
}
