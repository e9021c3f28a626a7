import ar_apiKeys from '@frameforge/frontend/locales/ar/api-keys.json';
import ar_apiLogs from '@frameforge/frontend/locales/ar/api-logs.json';
import ar_auth from '@frameforge/frontend/locales/ar/auth.json';
import ar_dashboard from '@frameforge/frontend/locales/ar/dashboard.json';
import ar_layout from '@frameforge/frontend/locales/ar/layout.json';
import ar_tasks from '@frameforge/frontend/locales/ar/tasks.json';
import en_apiKeys from '@frameforge/frontend/locales/en/api-keys.json';
import en_apiLogs from '@frameforge/frontend/locales/en/api-logs.json';
import en_auth from '@frameforge/frontend/locales/en/auth.json';
import en_dashboard from '@frameforge/frontend/locales/en/dashboard.json';
import en_layout from '@frameforge/frontend/locales/en/layout.json';
import en_tasks from '@frameforge/frontend/locales/en/tasks.json';

/** The portal's own texts, so one browser test reads the page in English and in Arabic alike. */
const TEXTS = {
  en: { auth: en_auth, layout: en_layout, keys: en_apiKeys, logs: en_apiLogs, dashboard: en_dashboard, tasks: en_tasks },
  ar: { auth: ar_auth, layout: ar_layout, keys: ar_apiKeys, logs: ar_apiLogs, dashboard: ar_dashboard, tasks: ar_tasks },
} as const;

export type Language = keyof typeof TEXTS;
export type PortalTexts = (typeof TEXTS)['en'];

export function textsOf(language: Language): PortalTexts {
  return TEXTS[language];
}
