import { useId, useState } from 'react';
import { Eye, EyeOff, Loader2, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView, RollApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { TestBadge } from '../../../components/test-badge';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useKeySecret } from '../hooks/use-key-secret';
import { expiryState } from '../key-expiry';
import { EditKeyDialog } from './edit-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';

function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  };
}

export function KeyRow({ apiKey, onRolled }: { apiKey: ApiKeyView; onRolled: (rolled: RollApiKeyResponse) => void }) {
  const { t } = useTranslation('apiKeys');
  const formatDate = useFormatDate();
  const nameId = useId();
  const secret = useKeySecret(apiKey.id);
  const revoke = useRevokeApiKey();
  const [dialog, setDialog] = useState<'edit' | 'roll' | null>(null);
  const expiry = expiryState(apiKey.expires_at, new Date());

  const onRevoke = () => {
    if (!window.confirm(t('revokeConfirm'))) return;
    revoke.mutate(apiKey.id, { onError: () => window.alert(t('revokeFailed')) });
  };

  const ToggleIcon = secret.loading ? Loader2 : secret.shown ? EyeOff : Eye;
  return (
    <li aria-labelledby={nameId} className="grid gap-3 px-4 py-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_auto] lg:items-center">
      <div className="min-w-0">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p id={nameId} className="truncate font-medium text-zinc-900">
            {apiKey.name}
          </p>
          {apiKey.mode === 'test' && <TestBadge />}
          {expiry !== 'never' && (
            <span
              data-testid="key-expiry"
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${expiry === 'expired' ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-amber-50 text-amber-800 ring-amber-200'}`}
            >
              {expiry === 'expired' ? t('expiry.expired') : t('expiry.expires', { date: formatDate(apiKey.expires_at ?? '') })}
            </span>
          )}
        </div>
        <p className="mt-0.5 text-xs text-zinc-500">
          <span>{t('columns.created')}: </span>
          {formatDate(apiKey.created_at)}
          <span className="mx-1.5" aria-hidden="true">
            ·
          </span>
          <span>{t('columns.lastUsed')}: </span>
          {apiKey.last_used ? formatDate(apiKey.last_used) : t('never')}
        </p>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <span className="sr-only">{t('columns.key')}: </span>
        <code
          data-testid="api-key-value"
          dir="ltr"
          className={`min-w-0 flex-1 rounded bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-700 ${secret.value ? 'break-all select-all' : 'truncate'}`}
        >
          {secret.value ?? apiKey.masked_key}
        </code>
        <button
          type="button"
          onClick={secret.toggle}
          aria-pressed={secret.shown}
          aria-label={secret.shown ? t('hideKey') : t('showKey')}
          title={secret.shown ? t('hideKey') : t('showKey')}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-500 ring-1 ring-inset ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ToggleIcon aria-hidden="true" className={`size-4 ${secret.loading ? 'animate-spin' : ''}`} />
        </button>
        <CopyButton value={secret.fetchForCopy} label={t('copyKey')} className="h-8" />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {secret.failed && (
          <p role="alert" className="text-xs text-red-700">
            {t('revealFailed')}
          </p>
        )}
        <Button variant="ghost" size="sm" onClick={() => setDialog('edit')}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('edit.button')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDialog('roll')}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('roll.button')}
        </Button>
        <Button variant="ghost" size="sm" busy={revoke.isPending} onClick={onRevoke} className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('revoke')}
        </Button>
      </div>
      <EditKeyDialog apiKey={apiKey} open={dialog === 'edit'} onClose={() => setDialog(null)} />
      <RollKeyDialog
        apiKey={apiKey}
        open={dialog === 'roll'}
        onClose={() => setDialog(null)}
        onRolled={(rolled) => {
          setDialog(null);
          onRolled(rolled);
        }}
      />
    </li>
  );
}
