import { useId } from 'react';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { LANGUAGES, resolveLanguage } from '../lib/languages';

export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 text-sm text-zinc-600 ${className}`}>
      <Globe aria-hidden="true" className="size-4" />
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <select
        id={id}
        value={resolveLanguage(i18n.language)}
        onChange={(e) => void changeLanguage(resolveLanguage(e.target.value))}
        className="rounded-md border-0 bg-transparent py-1 pe-7 ps-2 text-sm text-zinc-700 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
