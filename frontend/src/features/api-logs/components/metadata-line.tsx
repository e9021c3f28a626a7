import { useTranslation } from 'react-i18next';

/** The `metadata` a processing request carried, as `key=value` pairs: the caller's own ids, to find a request by. */
export function MetadataLine({ metadata }: { metadata: Record<string, string> }) {
  const { t } = useTranslation('apiLogs');
  const pairs = Object.entries(metadata).map(([key, value]) => `${key}=${value}`);
  return (
    <div className="mt-1 flex items-center gap-1">
      <span className="text-[0.6875rem] font-medium uppercase tracking-wide text-zinc-500">{t('columns.metadata')}</span>
      <code data-testid="log-metadata" dir="ltr" title={pairs.join('\n')} className="block max-w-56 truncate font-mono text-xs text-zinc-500">
        {pairs.join(' ')}
      </code>
    </div>
  );
}
