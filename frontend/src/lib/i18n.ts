import { loadNamespace } from '../locales/resources';
import { createI18n } from './i18n-setup';
import { LANGUAGE_STORAGE_KEY, directionOf, resolveLanguage, type LanguageCode } from './languages';

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
applyDocumentLanguage(initial);

const setup = createI18n(initial, loadNamespace);
export const i18n = setup.i18n;
/** The first texts (the stored language's common namespace) are in. */
export const i18nReady = setup.ready;

// languageChanged fires once the new language's texts in use are loaded, so the page never shows it half
// translated. Only choices made after start are stored (the start itself chose nothing).
void i18nReady.then(() =>
  i18n.on('languageChanged', (lng) => {
    const code = resolveLanguage(lng);
    applyDocumentLanguage(code);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    } catch {
      // the choice still applies for this visit
    }
  }),
);

export function changeLanguage(code: LanguageCode): Promise<unknown> {
  return i18n.changeLanguage(code);
}

/**
 * Fetches a page's namespaces in the active language (a page's chunk and its texts load side by
 * side); settles once they are in. Asked before the start has loaded, they join its fetch.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const joining = i18n.loadNamespaces([...namespaces]);
  await i18nReady;
  await Promise.all([joining, i18n.loadNamespaces([...namespaces])]);
}
