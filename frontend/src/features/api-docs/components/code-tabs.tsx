import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './code-block';

export const LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const;

export type LanguageId = (typeof LANGUAGES)[number]['id'];

/** The same example written in each language of the tabs. */
export type CodeByLanguage = Readonly<Record<LanguageId, string>>;

/** An example in three languages, as an ARIA tab set (arrow keys, Home and End move between tabs). */
export function CodeTabs({ code }: { code: CodeByLanguage }) {
  const { t, i18n } = useTranslation('apiDocs');
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const current = LANGUAGES[selected] ?? LANGUAGES[0];

  const select = (index: number) => {
    const next = (index + LANGUAGES.length) % LANGUAGES.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The tab strip is mirrored in right-to-left languages, and so are the arrows.
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const moves: Record<string, number> = { [forward]: selected + 1, [backward]: selected - 1, Home: 0, End: LANGUAGES.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="min-w-0">
      <div role="tablist" aria-label={t('endpoint.examplesLanguage')} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-zinc-200">
        {LANGUAGES.map((language, index) => (
          <button
            key={language.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${language.id}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              index === selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-zinc-500 hover:text-zinc-800'
            }`}
          >
            {language.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current.id}`} className="pt-3">
        <CodeBlock code={code[current.id]} caption={current.label} />
      </div>
    </div>
  );
}
