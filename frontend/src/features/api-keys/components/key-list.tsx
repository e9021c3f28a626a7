import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@frameforge/functions/contracts/api-keys';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  };
}

export function KeyList({ keys, loading, error }: { keys: ApiKeyView[]; loading: boolean; error: string | null }) {
  const { t } = useTranslation('apiKeys');
  const formatDate = useDate();

  if (loading && keys.length === 0) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (error) return <Alert tone="error" title={t('loadFailed')}>{error || null}</Alert>;
  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
        <KeyRound aria-hidden="true" className="size-8 text-zinc-400" />
        <p className="mt-3 font-medium text-zinc-900">{t('empty.title')}</p>
        <p className="mt-1 text-sm text-zinc-500">{t('empty.body')}</p>
      </div>
    );
  }

  return (
    <ul className="divide-y divide-zinc-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      {keys.map((key) => (
        <li key={key.id} className="grid gap-2 px-4 py-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:px-6">
          <p className="truncate font-medium text-zinc-900">{key.name}</p>
          <p>
            <span className="sr-only">{t('columns.key')}: </span>
            <code dir="ltr" className="rounded bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700">
              {key.masked_key}
            </code>
          </p>
          <p className="text-sm text-zinc-600">
            <span className="text-zinc-400">{t('columns.created')}: </span>
            {formatDate(key.created_at)}
          </p>
          <p className="text-sm text-zinc-600">
            <span className="text-zinc-400">{t('columns.lastUsed')}: </span>
            {key.last_used ? formatDate(key.last_used) : t('never')}
          </p>
        </li>
      ))}
    </ul>
  );
}
