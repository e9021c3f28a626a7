import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner, Spinner } from '../components/spinner';
import { useAuth } from '../lib/auth-session';
import {
  ApiDocsPage,
  ApiKeysPage,
  ApiLogsPage,
  AppLayout,
  DashboardPage,
  LandingPage,
  LoginPage,
  ResetPasswordPage,
  SettingsPage,
  SubscriptionPage,
  SuccessPage,
  TaskPage,
  TasksPage,
} from './lazy-screens';
import { RESET_PASSWORD_PATH } from './paths';
import { useSessionGate } from './session-gate';

/** A whole screen while its chunk loads: the spinner alone. */
function screen(Screen: ComponentType) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Screen />
    </Suspense>
  );
}

/** A signed-in page while its chunk loads: the layout stays, a spinner in the content area. */
function page(Page: ComponentType) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}

/** A signed-out visitor left the first screen before the session came: it is fetched now. */
function AwaitSession({ request }: { request: () => void }) {
  useEffect(request, [request]);
  return <FullPageSpinner />;
}

/** The spec's route table: the reset page first, then a spinner while loading, then by session. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { state } = useAuth();
  const gate = useSessionGate();

  // Only a signed-out visitor's first screen shows before the session (see boot.ts).
  if (!gate.ready && pathname !== gate.shellPath) return <AwaitSession request={gate.request} />;
  if (pathname === RESET_PASSWORD_PATH) return screen(ResetPasswordPage);
  // Without a stored session, the provider's first read can only find the visitor signed out.
  const status = state.status === 'loading' && !gate.storedSession ? 'signedOut' : state.status;
  if (status === 'loading') return <FullPageSpinner />;

  if (status === 'signedOut') {
    return (
      <Routes>
        <Route path="/" element={screen(LandingPage)} />
        <Route path="/login" element={screen(LoginPage)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    );
  }

  return (
    <Routes>
      <Route element={screen(AppLayout)}>
        <Route path="/" element={page(DashboardPage)} />
        <Route path="/api-keys" element={page(ApiKeysPage)} />
        <Route path="/api-docs" element={page(ApiDocsPage)} />
        <Route path="/api-logs" element={page(ApiLogsPage)} />
        <Route path="/tasks" element={page(TasksPage)} />
        <Route path="/tasks/:id" element={page(TaskPage)} />
        <Route path="/subscription" element={page(SubscriptionPage)} />
        <Route path="/settings" element={page(SettingsPage)} />
        <Route path="/success" element={page(SuccessPage)} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
