import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth-session';
import { REDIRECT_AFTER_RESET_MS, ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { AuthShell } from './auth-shell';

/** Served at exactly /reset-password, signed in or not. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { state, signOut } = useAuth();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onSuccess = () => {
    if (state.status === 'signedIn') void signOut();
    timer.current = window.setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
  };

  return (
    <AuthShell>
      <ResetPasswordForm onSuccess={onSuccess} />
    </AuthShell>
  );
}
