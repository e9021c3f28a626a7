import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GenerateApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { ApiKeyMode } from '@frameforge/functions/kernel/contracts/key-modes';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useGenerateApiKey } from '../api/generate-api-key';
import { endOfDay } from '../key-expiry';
import { createKeyFormSchema, keyNameProblem, type CreateKeyFormValues } from '../key-name';
import { ExpiryField } from './expiry-field';
import { KeyModePicker } from './key-mode-picker';

const EMPTY: CreateKeyFormValues = { 'key-name': '' };

export interface CreateKeyFormProps {
  onCreated: (created: GenerateApiKeyResponse) => void;
  /** Live keys need an active subscription (the page knows whether there is one); test keys never do. */
  liveAllowed?: boolean;
}

export function CreateKeyForm({ onCreated, liveAllowed = true }: CreateKeyFormProps) {
  const { t } = useTranslation('apiKeys');
  const [picked, setPicked] = useState<ApiKeyMode>('live');
  const [expiryDay, setExpiryDay] = useState('');
  // Without a plan the choice is test, whatever was picked before the subscription was known.
  const mode: ApiKeyMode = liveAllowed ? picked : 'test';
  const form = useForm<CreateKeyFormValues>({ resolver: zodResolver(createKeyFormSchema), defaultValues: EMPTY });
  const name = useWatch({ control: form.control, name: 'key-name' });
  const generate = useGenerateApiKey();
  const { error } = generate;
  // The server's own reason (an inactive subscription, say) is worth showing under the fixed text.
  const detail = error instanceof ApiError && error.fromServer ? error.message : null;
  // A blank name only disables the button; a name with characters the server refuses says why at once.
  const problem = keyNameProblem(name);
  const unsafe = problem === 'unsafe';

  // An invalid name never gets here (the resolver stops it) and needs no message beyond the live hint.
  const submit = form.handleSubmit((values) => {
    if (generate.isPending) return;
    generate.mutate({ name: values['key-name'], mode, expiresAt: endOfDay(expiryDay) }, {
      onSuccess: (created) => {
        form.reset(EMPTY);
        setExpiryDay('');
        onCreated(created);
      },
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {error && (
        <Alert tone="error" title={t('createFailed')} onDismiss={() => generate.reset()}>
          {detail}
        </Alert>
      )}
      <KeyModePicker value={mode} onChange={setPicked} liveAllowed={liveAllowed} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('keyName')}
          placeholder={t('keyNamePlaceholder')}
          maxLength={100}
          required
          {...form.register('key-name')}
          aria-invalid={unsafe ? true : undefined}
          hint={unsafe ? <span className="text-red-700">{t('keyNameUnsafe')}</span> : undefined}
        />
        <ExpiryField value={expiryDay} onChange={setExpiryDay} />
      </div>
      <Button type="submit" busy={generate.isPending} disabled={problem !== null}>
        <Plus aria-hidden="true" className="size-4" />
        {t('generateKey')}
      </Button>
    </form>
  );
}
