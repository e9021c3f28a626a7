import { LANGUAGES, type Language } from '../../../profiles/contracts/profile';
import { EMAIL_TEXTS, type EmailTexts } from './index';

/** Figures for every text that takes some, by its place in the catalog; a new function text without one fails the walk. */
const SAMPLE_ARGS: Record<string, unknown[]> = {
  'usageAlert.rateSubject': [85, 100],
  'usageAlert.rateBody': [{ used: 85, limit: 100, percent: 85, plan: 'Pro' }],
  'usageAlert.concurrencySubject': ['Pro', 3],
  'usageAlert.concurrencyBody': ['Pro', 3],
  'jobFailure.subject': ['/cut', 'task-1'],
  'jobFailure.title': ['/cut'],
  'jobFailure.taskId': ['task-1'],
  'jobFailure.whatWentWrong': ['Error: bad input'],
  'subscription.cancelledSubject': ['Pro'],
  'subscription.cancelledTitle': ['Pro'],
  'subscription.ended': ['Pro'],
  'subscription.endsOn': ['Pro', '1 March 2025'],
  'subscription.paymentBody': ['Pro'],
  'accountDeleted.asAsked': ['1 March 2025'],
  'emailChanged.changed': ['jo***@example.com', '1 March 2025'],
};

/** Every text of a catalog by its path, functions called with the sample figures. */
function flatten(node: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(path, node);
  else if (typeof node === 'function') {
    const args = SAMPLE_ARGS[path];
    if (!args) throw new Error(`no sample figures for ${path}`);
    out.set(path, String((node as (...a: unknown[]) => unknown)(...args)));
  } else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) for (const entry of flatten(child, path ? `${path}.${key}` : key)) out.set(...entry);
  }
  return out;
}

const english = flatten(EMAIL_TEXTS.en);
const others = LANGUAGES.filter((language) => language !== 'en');

describe('e-mail text catalogs', () => {
  it('cover every language', () => {
    expect(Object.keys(EMAIL_TEXTS).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every text of the English catalog and no empty one', (language) => {
    const texts = flatten(EMAIL_TEXTS[language]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of texts) expect({ path, empty: text.trim() === '' }).toEqual({ path, empty: false });
  });

  it.each(others)('%s translates every text (none left as the English one)', (language) => {
    const same = [...flatten(EMAIL_TEXTS[language])].filter(([path, text]) => english.get(path) === text).map(([path]) => path);
    expect(same).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the product name, plan name and figures as they are', (language) => {
    const texts: EmailTexts = EMAIL_TEXTS[language];
    expect(texts.accountDeleted.subject).toContain('FrameForge');
    expect(texts.subscription.paymentBody('Pro')).toContain('Pro');
    const body = texts.usageAlert.rateBody({ used: 85, limit: 100, percent: 85, plan: 'Pro' });
    for (const figure of ['85', '100', 'Pro']) expect(body).toContain(figure);
    expect(texts.jobFailure.subject('/cut', 'task-1')).toContain('task-1');
  });
});

describe('counted nouns follow each language’s plural rules', () => {
  const jobsAtOnce = (language: Language, count: number) => EMAIL_TEXTS[language].usageAlert.concurrencyBody('Pro', count);

  it('English: one job, many jobs', () => {
    expect(jobsAtOnce('en', 1)).toContain('1 job running');
    expect(jobsAtOnce('en', 3)).toContain('3 jobs running');
  });

  it('Russian: one, few and many forms, 21 like 1', () => {
    expect(jobsAtOnce('ru', 1)).toContain('1 задание');
    expect(jobsAtOnce('ru', 3)).toContain('3 задания');
    expect(jobsAtOnce('ru', 5)).toContain('5 заданий');
    expect(jobsAtOnce('ru', 21)).toContain('21 задание');
    expect(EMAIL_TEXTS.ru.usageAlert.rateSubject(4, 5)).toContain('из 5 запросов');
    expect(EMAIL_TEXTS.ru.usageAlert.rateSubject(1, 1)).toContain('из 1 запроса');
  });

  it('Croatian: one, few and other forms', () => {
    expect(jobsAtOnce('hr', 1)).toContain('1 posao');
    expect(jobsAtOnce('hr', 3)).toContain('3 posla');
    expect(jobsAtOnce('hr', 5)).toContain('5 poslova');
    expect(jobsAtOnce('hr', 22)).toContain('22 posla');
  });

  it('Arabic: the dual and the 3–10 and 11–99 forms', () => {
    expect(jobsAtOnce('ar', 1)).toContain('مهمة واحدة');
    expect(jobsAtOnce('ar', 2)).toContain('مهمتان');
    expect(jobsAtOnce('ar', 3)).toContain('3 مهام');
    expect(jobsAtOnce('ar', 11)).toContain('11 مهمة');
  });
});
