// The product API's document as the server builds it, so a new endpoint, parameter or answer
// without its texts fails here rather than showing English on a German page.
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';
import ar from '../../locales/ar/api-docs.json';
import de from '../../locales/de/api-docs.json';
import en from '../../locales/en/api-docs.json';
import hr from '../../locales/hr/api-docs.json';
import italian from '../../locales/it/api-docs.json';
import ru from '../../locales/ru/api-docs.json';
import { endpointsOf } from './endpoints';
import { FIXTURE } from './openapi-fixture';
import { openApiDocumentSchema } from './openapi-schema';
import { missingTexts, NO_TEXTS, paramText, planFeatureText, referenceTextsSchema, responseText, summaryText, type ReferenceTexts } from './reference-texts';

const LOCALES = { en, ar, de, hr, it: italian, ru };
const served = openApiDocumentSchema.parse(openApiDocument('https://api.example.test'));
const textsOf = (bundle: { reference: unknown }): ReferenceTexts => referenceTextsSchema.parse(bundle.reference);

/** Every text of the locale as key → text, for comparing languages. */
function flat(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([key, inner]) => flat(inner, prefix ? `${prefix}.${key}` : key)));
}
const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]).sort();

describe.each(Object.entries(LOCALES))('the reference texts in %s', (_language, bundle) => {
  it('cover every operation, parameter, answer, plan feature and error field of the served document', () => {
    expect(endpointsOf(served).length).toBeGreaterThan(10);
    expect(missingTexts(served, textsOf(bundle))).toEqual([]);
  });

  it('hold the same keys as English, none empty, with the code names untouched', () => {
    const english = flat(en.reference);
    const own = flat(bundle.reference);
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(own)) {
      expect([key, text.trim() === '']).toEqual([key, false]);
      expect([key, codeSpans(text)]).toEqual([key, codeSpans(english[key] ?? '')]);
    }
  });

  it('key operations that the document still has', () => {
    const ids = new Set(endpointsOf(served).map((endpoint) => endpoint.operation.operationId));
    expect(Object.keys(textsOf(bundle).operations).filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('looking texts up', () => {
  const texts = textsOf(de);
  const operation = (id: string) => {
    const found = endpointsOf(served).find((endpoint) => endpoint.operation.operationId === id);
    if (!found) throw new Error(`${id} is not in the document`);
    return found.operation;
  };

  it("prefers the operation's own text and falls back to the shared one", () => {
    expect(paramText(texts, operation('merge_urls'), 'duration')).toBe('Wie lange jeder Übergang dauert, in Sekunden.');
    expect(paramText(texts, operation('cut'), 'duration')).toBe('Wie lang der Abschnitt ist, in Sekunden.');
    expect(paramText(texts, operation('crop'), 'url')).toBe(texts.params.url);
    expect(responseText(texts, operation('get_task'), '404')).toBe('Keiner Ihrer Tasks.');
    expect(responseText(texts, operation('cut'), '404')).toBe(texts.responses['404']);
    expect(planFeatureText(texts, operation('redub'), 'bg_source')).toBe('KI-Hintergrundtrennung (bg_source=separate)');
    expect(summaryText(texts, operation('crop'))).toBe('Das Bild auf ein Rechteck zuschneiden.');
  });

  it('names each missing text, so a new endpoint without texts fails the coverage test', () => {
    const doc = structuredClone(FIXTURE);
    const missing = missingTexts(doc, NO_TEXTS);
    expect(missing).toContain('operations.crop.summary');
    expect(missing).toContain('params.w (or operations.crop.params.w)');
    expect(missing).toContain('params.Idempotency-Key (or operations.crop.params.Idempotency-Key)');
    expect(missing).toContain('responses.202 (or operations.crop.responses.202)');
    expect(missing).toContain('planFeatures.transition (or operations.merge_urls.planFeatures.transition)');
    expect(missing).toContain('errorFields.hint');
    doc.paths['/brand_new'] = { post: { operationId: 'brand_new', summary: 'New.', responses: {} } };
    expect(missingTexts(doc, texts)).toContain('operations.brand_new.summary');
  });
});
