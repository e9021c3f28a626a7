import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from '../locales/resources';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, directionOf, resolveLanguage, type LanguageCode } from './languages';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

function applyDocumentLanguage(code: LanguageCode): void {
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

const initial = resolveLanguage(readStoredLanguage());

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: Object.keys(resources),
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});
applyDocumentLanguage(initial);

i18n.on('languageChanged', (lng) => {
  const code = resolveLanguage(lng);
  applyDocumentLanguage(code);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // the choice still applies for this visit
  }
});

export function changeLanguage(code: LanguageCode): Promise<unknown> {
  return i18n.changeLanguage(code);
}

export { i18n };
