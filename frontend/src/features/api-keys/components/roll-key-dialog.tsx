import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView, RollApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useRollApiKey } from '../api/roll-api-key';
import { ROLL_OVERLAPS, type RollOverlapId } from '../key-expiry';
import { KeyDialog } from './key-dialog';

export interface RollKeyDialogProps {
  apiKey: ApiKeyView;
  open: boolean;
  onClose: () => void;
  /** The new key, its secret to be shown once. */
  onRolled: (rolled: RollApiKeyResponse) => void;
}

/** Rolls a key: a new one now, the current one working for the period picked. */
export function RollKeyDialog({ apiKey, open, onClose, onRolled }: RollKeyDialogProps) {
  const { t } = useTranslation('apiKeys');
  return (
    <KeyDialog open={open} onClose={onClose} title={t('roll.title', { name: apiKey.name })}>
      <RollKeyForm apiKey={apiKey} onCancel={onClose} onRolled={onRolled} />
    </KeyDialog>
  );
}

function RollKeyForm({ apiKey, onCancel, onRolled }: { apiKey: ApiKeyView; onCancel: () => void; onRolled: (rolled: RollApiKeyResponse) => void }) {
  const { t } = useTranslation('apiKeys');
  const name = useId();
  const [overlap, setOverlap] = useState<RollOverlapId>('24h');
  const roll = useRollApiKey();
  const detail = roll.error instanceof ApiError && roll.error.fromServer ? roll.error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (roll.isPending) return;
    const seconds = ROLL_OVERLAPS.find((option) => option.id === overlap)?.seconds ?? 0;
    roll.mutate({ id: apiKey.id, overlapSeconds: seconds }, { onSuccess: onRolled });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-zinc-600">{t('roll.body')}</p>
      {roll.error && (
        <Alert tone="error" title={t('roll.failed')}>
          {detail}
        </Alert>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-zinc-900">{t('roll.overlapLabel')}</legend>
        <div className="mt-2 grid gap-2">
          {ROLL_OVERLAPS.map((option) => (
            <label key={option.id} className="flex cursor-pointer items-center gap-3 rounded-lg p-2 ring-1 ring-inset ring-zinc-200 hover:bg-zinc-50">
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={overlap === option.id}
                onChange={() => setOverlap(option.id)}
                autoFocus={overlap === option.id}
                className="size-4 accent-indigo-600"
              />
              <span className="text-sm text-zinc-900">{t(`roll.overlap.${option.id}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" busy={roll.isPending}>
          {t('roll.submit')}
        </Button>
      </div>
    </form>
  );
}
