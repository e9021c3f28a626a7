import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerateApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { Card } from '../../components/card';
import { CreateKeyForm } from '../../features/api-keys/components/create-key-form';
import { KeyList } from '../../features/api-keys/components/key-list';
import { NewKeyPanel } from '../../features/api-keys/components/new-key-panel';
import { SubscriptionRequired } from '../../features/api-keys/components/subscription-required';
import { needsSubscription } from '../../features/api-keys/subscription-gate';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { PageHeader } from './page-header';

export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const [created, setCreated] = useState<GenerateApiKeyResponse | null>(null);
  const blocked = needsSubscription(useSubscription().data);

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {created && <NewKeyPanel name={created.apiKey.name} value={created.key} onConfirm={() => setCreated(null)} />}
      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 font-semibold text-zinc-900">{t('createTitle')}</h2>
        {blocked && <SubscriptionRequired className="mb-4" />}
        <CreateKeyForm onCreated={setCreated} liveAllowed={!blocked} />
      </Card>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-4 text-lg font-semibold text-zinc-900">
          {t('listTitle')}
        </h2>
        <KeyList onRolled={({ key, apiKey }) => setCreated({ key, apiKey })} />
      </section>
    </div>
  );
}
