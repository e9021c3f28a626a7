// Bundled translations: every language ships with the app (no runtime fetch).

import en_common from './en/common.json';
import en_layout from './en/layout.json';
import en_landing from './en/landing.json';
import en_auth from './en/auth.json';
import en_dashboard from './en/dashboard.json';
import en_apiKeys from './en/api-keys.json';
import en_apiDocs from './en/api-docs.json';
import en_apiLogs from './en/api-logs.json';
import en_pages from './en/pages.json';
import en_subscription from './en/subscription.json';
import en_settings from './en/settings.json';
import it_common from './it/common.json';
import it_layout from './it/layout.json';
import it_landing from './it/landing.json';
import it_auth from './it/auth.json';
import it_dashboard from './it/dashboard.json';
import it_apiKeys from './it/api-keys.json';
import it_apiDocs from './it/api-docs.json';
import it_apiLogs from './it/api-logs.json';
import it_pages from './it/pages.json';
import it_subscription from './it/subscription.json';
import it_settings from './it/settings.json';
import de_common from './de/common.json';
import de_layout from './de/layout.json';
import de_landing from './de/landing.json';
import de_auth from './de/auth.json';
import de_dashboard from './de/dashboard.json';
import de_apiKeys from './de/api-keys.json';
import de_apiDocs from './de/api-docs.json';
import de_apiLogs from './de/api-logs.json';
import de_pages from './de/pages.json';
import de_subscription from './de/subscription.json';
import de_settings from './de/settings.json';
import hr_common from './hr/common.json';
import hr_layout from './hr/layout.json';
import hr_landing from './hr/landing.json';
import hr_auth from './hr/auth.json';
import hr_dashboard from './hr/dashboard.json';
import hr_apiKeys from './hr/api-keys.json';
import hr_apiDocs from './hr/api-docs.json';
import hr_apiLogs from './hr/api-logs.json';
import hr_pages from './hr/pages.json';
import hr_subscription from './hr/subscription.json';
import hr_settings from './hr/settings.json';
import ru_common from './ru/common.json';
import ru_layout from './ru/layout.json';
import ru_landing from './ru/landing.json';
import ru_auth from './ru/auth.json';
import ru_dashboard from './ru/dashboard.json';
import ru_apiKeys from './ru/api-keys.json';
import ru_apiDocs from './ru/api-docs.json';
import ru_apiLogs from './ru/api-logs.json';
import ru_pages from './ru/pages.json';
import ru_subscription from './ru/subscription.json';
import ru_settings from './ru/settings.json';
import ar_common from './ar/common.json';
import ar_layout from './ar/layout.json';
import ar_landing from './ar/landing.json';
import ar_auth from './ar/auth.json';
import ar_dashboard from './ar/dashboard.json';
import ar_apiKeys from './ar/api-keys.json';
import ar_apiDocs from './ar/api-docs.json';
import ar_apiLogs from './ar/api-logs.json';
import ar_pages from './ar/pages.json';
import ar_subscription from './ar/subscription.json';
import ar_settings from './ar/settings.json';

export const resources = {
  en: { common: en_common, layout: en_layout, landing: en_landing, auth: en_auth, dashboard: en_dashboard, apiKeys: en_apiKeys, apiDocs: en_apiDocs, apiLogs: en_apiLogs, pages: en_pages, subscription: en_subscription, settings: en_settings },
  it: { common: it_common, layout: it_layout, landing: it_landing, auth: it_auth, dashboard: it_dashboard, apiKeys: it_apiKeys, apiDocs: it_apiDocs, apiLogs: it_apiLogs, pages: it_pages, subscription: it_subscription, settings: it_settings },
  de: { common: de_common, layout: de_layout, landing: de_landing, auth: de_auth, dashboard: de_dashboard, apiKeys: de_apiKeys, apiDocs: de_apiDocs, apiLogs: de_apiLogs, pages: de_pages, subscription: de_subscription, settings: de_settings },
  hr: { common: hr_common, layout: hr_layout, landing: hr_landing, auth: hr_auth, dashboard: hr_dashboard, apiKeys: hr_apiKeys, apiDocs: hr_apiDocs, apiLogs: hr_apiLogs, pages: hr_pages, subscription: hr_subscription, settings: hr_settings },
  ru: { common: ru_common, layout: ru_layout, landing: ru_landing, auth: ru_auth, dashboard: ru_dashboard, apiKeys: ru_apiKeys, apiDocs: ru_apiDocs, apiLogs: ru_apiLogs, pages: ru_pages, subscription: ru_subscription, settings: ru_settings },
  ar: { common: ar_common, layout: ar_layout, landing: ar_landing, auth: ar_auth, dashboard: ar_dashboard, apiKeys: ar_apiKeys, apiDocs: ar_apiDocs, apiLogs: ar_apiLogs, pages: ar_pages, subscription: ar_subscription, settings: ar_settings },
} as const;

export const namespaces = ['common', 'layout', 'landing', 'auth', 'dashboard', 'apiKeys', 'apiDocs', 'apiLogs', 'pages', 'subscription', 'settings'] as const;
