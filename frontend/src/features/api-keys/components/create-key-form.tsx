import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GenerateApiKeyResponse } from '@frameforge/functions/contracts/api-keys';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useGenerateApiKey } from '../api/generate-api-key';
import { isValidKeyName, keyNameProblem } from '../key-name';

export interface CreateKeyFormProps {
  onCreated: (created: GenerateApiKeyResponse) => void;
  /** Keys need an active subscription; the page knows whether there is one. */
  disabled?: boolean;
}

export function CreateKeyForm({ onCreated, disabled = false }: CreateKeyFormProps) {
  const { t } = useTranslation('apiKeys');
  const [name, setName] = useState('');
  const generate = useGenerateApiKey();
  const { error } = generate;
  // The server's own reason (an inactive subscription, say) is worth showing under the fixed text.
  const detail = error instanceof ApiError && error.fromServer ? error.message : null;
  // A blank name only disables the button; a name with characters the server refuses says why at once.
  const unsafe = keyNameProblem(name) === 'unsafe';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || generate.isPending || !isValidKeyName(name)) return;
    generate.mutate(name, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {error && (
        <Alert tone="error" title={t('createFailed')} onDismiss={() => generate.reset()}>
          {detail}
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('keyName')}
          name="key-name"
          placeholder={t('keyNamePlaceholder')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          required
          aria-invalid={unsafe ? true : undefined}
          hint={unsafe ? <span className="text-red-700">{t('keyNameUnsafe')}</span> : undefined}
          className="flex-1"
        />
        <Button type="submit" busy={generate.isPending} disabled={disabled || !isValidKeyName(name)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('generateKey')}
        </Button>
      </div>
    </form>
  );
}
