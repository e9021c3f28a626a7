import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateApiKey } from '../api/update-api-key';
import { dayOf, endOfDay } from '../key-expiry';
import { keyNameProblem } from '../key-name';
import { ExpiryField } from './expiry-field';
import { KeyDialog } from './key-dialog';

/** Renames a key and sets or clears its expiry. */
export function EditKeyDialog({ apiKey, open, onClose }: { apiKey: ApiKeyView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <KeyDialog open={open} onClose={onClose} title={t('edit.title', { name: apiKey.name })}>
      <EditKeyForm apiKey={apiKey} onDone={onClose} />
    </KeyDialog>
  );
}

function EditKeyForm({ apiKey, onDone }: { apiKey: ApiKeyView; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  const [name, setName] = useState(apiKey.name);
  const [day, setDay] = useState(dayOf(apiKey.expires_at));
  const update = useUpdateApiKey();
  const problem = keyNameProblem(name);
  const detail = update.error instanceof ApiError && update.error.fromServer ? update.error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem !== null || update.isPending) return;
    update.mutate({ id: apiKey.id, name, expires_at: endOfDay(day) }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {update.error && (
        <Alert tone="error" title={t('edit.failed')}>
          {detail}
        </Alert>
      )}
      <TextField
        label={t('keyName')}
        maxLength={100}
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={problem !== null ? true : undefined}
        hint={problem === 'unsafe' ? <span className="text-red-700">{t('keyNameUnsafe')}</span> : undefined}
      />
      <div className="space-y-2">
        <ExpiryField value={day} onChange={setDay} />
        {day !== '' && (
          <Button variant="secondary" size="sm" onClick={() => setDay('')}>
            {t('expiry.clear')}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" busy={update.isPending} disabled={problem !== null}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
