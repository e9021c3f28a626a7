// The namespaces and the shape of their texts (no texts themselves: see resources.ts for loading).

import type common from './en/common.json';
import type layout from './en/layout.json';
import type landing from './en/landing.json';
import type auth from './en/auth.json';
import type dashboard from './en/dashboard.json';
import type apiKeys from './en/api-keys.json';
import type apiDocs from './en/api-docs.json';
import type apiLogs from './en/api-logs.json';
import type tasks from './en/tasks.json';
import type pages from './en/pages.json';
import type subscription from './en/subscription.json';
import type settings from './en/settings.json';

/** The shape of one language's texts (English is the reference every language matches). */
export interface Resources {
  common: typeof common;
  layout: typeof layout;
  landing: typeof landing;
  auth: typeof auth;
  dashboard: typeof dashboard;
  apiKeys: typeof apiKeys;
  apiDocs: typeof apiDocs;
  apiLogs: typeof apiLogs;
  tasks: typeof tasks;
  pages: typeof pages;
  subscription: typeof subscription;
  settings: typeof settings;
}

export type Namespace = keyof Resources;

/** Each namespace's file name in `locales/<language>/`. */
export const namespaceFiles = {
  common: 'common',
  layout: 'layout',
  landing: 'landing',
  auth: 'auth',
  dashboard: 'dashboard',
  apiKeys: 'api-keys',
  apiDocs: 'api-docs',
  apiLogs: 'api-logs',
  tasks: 'tasks',
  pages: 'pages',
  subscription: 'subscription',
  settings: 'settings',
} as const satisfies Record<Namespace, string>;

export const namespaces = Object.keys(namespaceFiles) as Namespace[];

export type LoadNamespace = (language: string, namespace: string) => Promise<object>;
