import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useAuth } from '../../lib/auth-session';
import { LoginForm } from '../../features/auth/components/login-form';
import { VerificationFailed } from '../../features/auth/components/verification-failed';
import { AuthShell } from './auth-shell';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  const verified = params.get('verified') === '1';
  const verifyFailed = params.has('verify_error');

  const onSignedIn = async () => {
    await refresh();
    void navigate('/', { replace: true });
  };

  return (
    <AuthShell
      topStart={
        <Button variant="ghost" size="sm" onClick={() => void navigate('/')}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('backToHome')}
        </Button>
      }
    >
      {verified && (
        <Alert tone="success" title={t('verified.title')} className="mb-6">
          {t('verified.body')}
        </Alert>
      )}
      {verifyFailed && <VerificationFailed email={params.get('email')} reason={params.get('verify_error')} />}
      <LoginForm onSignedIn={onSignedIn} />
    </AuthShell>
  );
}
