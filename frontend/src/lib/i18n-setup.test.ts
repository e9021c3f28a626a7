import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namespaceFiles, type Namespace } from '../locales/namespaces';
import { createI18n } from './i18n-setup';

const fromDisk = (language: string, namespace: string): object =>
  JSON.parse(readFileSync(join(__dirname, '../locales', language, `${namespaceFiles[namespace as Namespace]}.json`), 'utf8')) as object;

/** A loader that reads the real locale files and records every fetch. */
function recordingLoader(override?: (language: string, namespace: string, texts: object) => object) {
  const fetched: string[] = [];
  const load = (language: string, namespace: string) => {
    fetched.push(`${language}/${namespace}`);
    const texts = fromDisk(language, namespace);
    return Promise.resolve(override ? override(language, namespace, texts) : texts);
  };
  return { fetched, load };
}

const landing = (language: string) => fromDisk(language, 'landing') as { hero: { title: string } };

describe('texts loaded on demand', () => {
  it('starts with the active language common texts only, and no English beside Arabic', async () => {
    const { fetched, load } = recordingLoader();
    const { i18n, ready } = createI18n('ar', load);
    await ready;
    expect(fetched).toEqual(['ar/common']);
    expect(i18n.t('loading')).toBe((fromDisk('ar', 'common') as { loading: string }).loading);
  });

  it("fetches a page's namespace in the active language alone", async () => {
    const { fetched, load } = recordingLoader();
    const { i18n, ready } = createI18n('ar', load);
    await ready;
    await i18n.loadNamespaces('landing');
    expect(fetched).toEqual(['ar/common', 'ar/landing']);
    expect(i18n.t('hero.title', { ns: 'landing' })).toBe(landing('ar').hero.title);
  });

  it('loads every namespace in use in the new language before announcing the change', async () => {
    const { fetched, load } = recordingLoader();
    const { i18n, ready } = createI18n('en', load);
    await ready;
    await i18n.loadNamespaces('landing');
    const seen: string[] = [];
    i18n.on('languageChanged', (lng) => seen.push(`${lng}: ${String(i18n.hasResourceBundle(lng, 'common'))} ${String(i18n.hasResourceBundle(lng, 'landing'))}`));
    await i18n.changeLanguage('de');
    expect(seen).toEqual(['de: true true']);
    expect(i18n.t('hero.title', { ns: 'landing' })).toBe(landing('de').hero.title);
    expect(fetched.filter((f) => f.startsWith('de/')).sort()).toEqual(['de/common', 'de/landing']);
    expect(fetched).not.toContain('it/common');
  });

  it('fills a key missing in the active language from English, fetched then, leaving its own texts alone', async () => {
    const { fetched, load } = recordingLoader((language, namespace, texts) => {
      if (language !== 'hr' || namespace !== 'landing') return texts;
      const { hero, ...rest } = texts as { hero: Record<string, string> };
      const { title: _missing, ...heroRest } = hero;
      return { ...rest, hero: heroRest };
    });
    const { i18n, ready } = createI18n('hr', load);
    await ready;
    await i18n.loadNamespaces('landing');
    expect(fetched).toEqual(['hr/common', 'hr/landing']);

    const filled = new Promise<void>((resolve) => i18n.store.on('added', (lng: string, ns: string) => lng === 'hr' && ns === 'landing' && resolve()));
    expect(i18n.t('hero.title', { ns: 'landing' })).toBe('hero.title');
    await filled;
    expect(fetched).toEqual(['hr/common', 'hr/landing', 'en/landing']);
    expect(i18n.t('hero.title', { ns: 'landing' })).toBe(landing('en').hero.title);
    expect(i18n.t('hero.subtitle', { ns: 'landing' })).toBe((landing('hr').hero as Record<string, string>).subtitle);
  });
});
