import type { Namespace } from '../locales/namespaces';

/**
 * The texts each lazily loaded screen shows besides `common` (always loaded), keyed by its file under
 * `app/`: they are fetched side by side with the screen's chunk instead of after it renders.
 * A test walks each screen's imports and keeps this table exact.
 */
export const pageNamespaces = {
  'pages/landing-page': ['landing'],
  'pages/login-page': ['auth'],
  'pages/reset-password-page': ['auth'],
  'layout/app-layout': ['layout'],
  'pages/dashboard-page': ['dashboard'],
  'pages/api-keys-page': ['apiKeys'],
  'pages/api-docs-page': ['apiDocs'],
  'pages/api-logs-page': ['apiLogs'],
  'pages/tasks-page': ['tasks'],
  'pages/task-page': ['tasks'],
  'pages/subscription-page': ['subscription'],
  'pages/settings-page': ['settings'],
  'pages/success-page': ['subscription'],
} as const satisfies Record<string, readonly Namespace[]>;

export type LazyScreen = keyof typeof pageNamespaces;
