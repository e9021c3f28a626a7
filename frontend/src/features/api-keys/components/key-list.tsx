import { KeyRound } from 'lucide-react';
import type { RollApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { errorMessageOr } from '../../../lib/auth-errors';
import { useApiKeys } from '../api/list-api-keys';
import { KeyRow } from './key-row';

/** The caller's keys; a rolled key's successor goes to `onRolled`, which shows its secret once. */
export function KeyList({ onRolled }: { onRolled: (rolled: RollApiKeyResponse) => void }) {
  const { t } = useTranslation('apiKeys');
  const { data, error, isPending } = useApiKeys();

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (error) return <Alert tone="error" title={t('loadFailed')}>{errorMessageOr(error, '') || null}</Alert>;
  if (data.keys.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
        <KeyRound aria-hidden="true" className="size-8 text-zinc-400" />
        <p className="mt-3 font-medium text-zinc-900">{t('empty.title')}</p>
        <p className="mt-1 text-sm text-zinc-500">{t('empty.body')}</p>
      </div>
    );
  }

  return (
    <>
      <p className="mb-3 text-sm text-zinc-600">{t('activeCount', { count: data.active_count })}</p>
      <ul className="divide-y divide-zinc-200 rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        {data.keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRolled={onRolled} />
        ))}
      </ul>
    </>
  );
}
