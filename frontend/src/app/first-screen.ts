import { RESET_PASSWORD_PATH } from './paths';
import { ApiDocsPage, ApiKeysPage, ApiLogsPage, AppLayout, DashboardPage, LandingPage, LoginPage, ResetPasswordPage, SettingsPage, SubscriptionPage, SuccessPage, type Screen } from './lazy-screens';

/** Amplify names the signed-in user in localStorage (`CognitoIdentityServiceProvider.<client id>.LastAuthUser`) until sign-out. */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
}

const signedInPages: Record<string, Screen> = {
  '/': DashboardPage,
  '/api-keys': ApiKeysPage,
  '/api-docs': ApiDocsPage,
  '/api-logs': ApiLogsPage,
  '/subscription': SubscriptionPage,
  '/settings': SettingsPage,
  '/success': SuccessPage,
};

/**
 * The screens the address will most likely show, fetched while the session is still being read
 * (instead of after): a wrong guess costs one unused download, never a wrong screen.
 */
export function likelyFirstScreens(pathname: string, signedIn: boolean): Screen[] {
  if (pathname === RESET_PASSWORD_PATH) return [ResetPasswordPage];
  if (!signedIn) return [pathname === '/login' ? LoginPage : LandingPage];
  return [AppLayout, signedInPages[pathname] ?? DashboardPage];
}
