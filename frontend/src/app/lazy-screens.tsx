import { lazy, memo, useState, type ComponentType } from 'react';
import { loadNamespaces } from '../lib/i18n';
import { pageNamespaces, type LazyScreen } from './page-namespaces';

export type Screen = ComponentType & {
  /** Starts fetching the screen's chunk and texts before it is rendered (idempotent). */
  preload: () => Promise<unknown>;
};

/** A screen in its own chunk, fetched with its texts in the active language on first render. */
function screen<M>(file: LazyScreen, load: () => Promise<M>, pick: (module: M) => ComponentType): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadNamespaces(pageNamespaces[file])]).then(([module]) => {
      loaded = pick(module);
      return { default: loaded };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // Without props, a screen renders again only for its own state and contexts, not each time the
  // route table does (as when the session's chunk reports the visitor's state).
  const Screen = memo(function Screen() {
    // A screen fetched already renders at once (a lazy one would still show its fallback for a
    // moment); the choice is kept for the mount, so a screen never remounts when its chunk arrives.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  });
  return Object.assign(Screen, { preload });
}

export const LandingPage = screen('pages/landing-page', () => import('./pages/landing-page'), (m) => m.LandingPage);
export const LoginPage = screen('pages/login-page', () => import('./pages/login-page'), (m) => m.LoginPage);
export const ResetPasswordPage = screen('pages/reset-password-page', () => import('./pages/reset-password-page'), (m) => m.ResetPasswordPage);
export const AppLayout = screen('layout/app-layout', () => import('./layout/app-layout'), (m) => m.AppLayout);
export const DashboardPage = screen('pages/dashboard-page', () => import('./pages/dashboard-page'), (m) => m.DashboardPage);
export const ApiKeysPage = screen('pages/api-keys-page', () => import('./pages/api-keys-page'), (m) => m.ApiKeysPage);
export const ApiDocsPage = screen('pages/api-docs-page', () => import('./pages/api-docs-page'), (m) => m.ApiDocsPage);
export const ApiLogsPage = screen('pages/api-logs-page', () => import('./pages/api-logs-page'), (m) => m.ApiLogsPage);
export const TasksPage = screen('pages/tasks-page', () => import('./pages/tasks-page'), (m) => m.TasksPage);
export const TaskPage = screen('pages/task-page', () => import('./pages/task-page'), (m) => m.TaskPage);
export const SubscriptionPage = screen('pages/subscription-page', () => import('./pages/subscription-page'), (m) => m.SubscriptionPage);
export const SettingsPage = screen('pages/settings-page', () => import('./pages/settings-page'), (m) => m.SettingsPage);
export const SuccessPage = screen('pages/success-page', () => import('./pages/success-page'), (m) => m.SuccessPage);
