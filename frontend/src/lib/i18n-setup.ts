import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LoadNamespace } from '../locales/namespaces';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './languages';

export interface I18nSetup {
  i18n: I18n;
  /** Settles once the first language's common texts are in. */
  ready: Promise<unknown>;
}

/**
 * An i18next instance that holds only what was asked for: the active language's namespaces, each
 * fetched the first time a page needs it, and a new language's texts before it is shown.
 *
 * English is no standing fallback (it would be fetched beside every other language): a key
 * missing in the active language fetches that namespace in English once and fills only the gaps,
 * after which the components showing it render again.
 */
export function createI18n(language: LanguageCode, load: LoadNamespace): I18nSetup {
  const i18n = i18next.createInstance();
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (lng, ns, done) => {
      load(lng, ns).then(
        (texts) => done(null, texts as Record<string, unknown>),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
  const filled = new Set<string>();
  const fillFromEnglish = (lng: string, ns: string) => {
    // A namespace not fetched yet is not a missing key: its own texts are on their way.
    if (lng === DEFAULT_LANGUAGE || filled.has(`${lng}/${ns}`) || !i18n.hasResourceBundle(lng, ns)) return;
    filled.add(`${lng}/${ns}`);
    load(DEFAULT_LANGUAGE, ns).then(
      // deep, without overwriting: English only where the language has no text
      (english) => i18n.addResourceBundle(lng, ns, english, true, false),
      (error: unknown) => console.error(`English texts of ${ns} could not be loaded`, error),
    );
  };

  const ready = i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Start fetching now, not on a later task: the first texts are on the way to the first screen.
      initAsync: false,
      fallbackLng: false,
      supportedLngs: LANGUAGES.map((l) => l.code),
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (lngs, ns) => {
        for (const lng of lngs) fillFromEnglish(lng, ns);
      },
      // Texts that arrive later (English gap fillers) render without a language change.
      react: { bindI18nStore: 'added' },
    });
  return { i18n, ready };
}
