import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { IconTile } from '../../../components/icon-tile';

export function NoSubscriptionPanel() {
  const { t } = useTranslation('subscription');
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="no-subscription-heading" className="flex items-start gap-3">
        <IconTile icon={CreditCard} tone="amber" />
        <div>
          <h2 id="no-subscription-heading" className="font-semibold text-zinc-900">
            {t('none.title')}
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600">{t('none.body')}</p>
        </div>
      </section>
    </Card>
  );
}

/** Holds the panel's place while the subscription loads, so the plans below do not jump. */
export function SubscriptionPanelSkeleton() {
  const { t } = useTranslation();
  return (
    <Card className="p-5 sm:p-6" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="animate-pulse space-y-3">
        <div className="h-3 w-32 rounded bg-zinc-200" />
        <div className="h-6 w-48 rounded bg-zinc-200" />
        <div className="h-3 w-40 rounded bg-zinc-200" />
      </div>
    </Card>
  );
}
