import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';

/**
 * Code reads left to right in every language; a long line scrolls inside
 * the block, never the page.
 */
export function CodeBlock({ code, caption, className = '' }: { code: string; caption?: string; className?: string }) {
  const { t } = useTranslation('apiDocs');
  return (
    <figure className={`min-w-0 overflow-hidden rounded-lg bg-zinc-950 ring-1 ring-zinc-800 ${className}`}>
      <div className="flex items-center justify-between gap-2 border-b border-zinc-800 px-3 py-1.5">
        <figcaption className="truncate text-xs text-zinc-400">{caption}</figcaption>
        <CopyButton value={code} label={t('copyCode')} tone="dark">{t('copy')}</CopyButton>
      </div>
      <pre dir="ltr" tabIndex={0} className="max-w-full overflow-x-auto p-3 text-start text-xs leading-relaxed text-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
