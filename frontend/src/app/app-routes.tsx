import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth/auth-context';
import { AppLayout } from './layout/app-layout';
import { ApiDocsPage } from './pages/api-docs-page';
import { ApiKeysPage } from './pages/api-keys-page';
import { ApiLogsPage } from './pages/api-logs-page';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SettingsPage } from './pages/settings-page';
import { SubscriptionPage } from './pages/subscription-page';
import { SuccessPage } from './pages/success-page';

export const RESET_PASSWORD_PATH = '/reset-password';

/** The spec's route table: the reset page first, then a spinner while loading, then by session. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { state } = useAuth();

  if (pathname === RESET_PASSWORD_PATH) return <ResetPasswordPage />;
  if (state.status === 'loading') return <FullPageSpinner />;

  if (state.status === 'signedOut') {
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    );
  }

  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/api-keys" element={<ApiKeysPage />} />
        <Route path="/api-docs" element={<ApiDocsPage />} />
        <Route path="/api-logs" element={<ApiLogsPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/success" element={<SuccessPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
