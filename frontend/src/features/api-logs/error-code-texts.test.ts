// The log's "View Error" shows the portal's own text for an error's code in the reader's language:
// a code the API or a job can end with but without its text here would show English on a German page.
import { ERROR_CODES } from '@frameforge/functions/kernel/contracts/error-codes';
import ar from '../../locales/ar/api-logs.json';
import de from '../../locales/de/api-logs.json';
import en from '../../locales/en/api-logs.json';
import hr from '../../locales/hr/api-logs.json';
import italian from '../../locales/it/api-logs.json';
import ru from '../../locales/ru/api-logs.json';

const LOCALES = { en, ar, de, hr, it: italian, ru };

describe.each(Object.entries(LOCALES))('the error code texts in %s', (_language, bundle) => {
  const texts: Record<string, string> = bundle.errorCodes;

  it('hold a text for every code, none empty', () => {
    const missing = ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('hold no text for a code that no longer exists', () => {
    const known = new Set<string>(ERROR_CODES);
    expect(Object.keys(texts).filter((code) => !known.has(code))).toEqual([]);
  });
});
