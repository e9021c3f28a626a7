import { CheckCircle2, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { IconTile } from '../../../components/icon-tile';
import { subscriptionNameText, subscriptionSummaryOf } from '../../../lib/subscription-summary';

export interface SubscriptionStatusCardProps {
  /** Null both without a subscription and when it could not be loaded: the card then invites to choose a plan. */
  subscription: EffectiveSubscription | null;
  loading: boolean;
}

export function SubscriptionStatusCard({ subscription, loading }: SubscriptionStatusCardProps) {
  if (loading) return <SubscriptionStatusSkeleton />;
  if (subscription?.active) return <ActiveSubscriptionCard subscription={subscription} />;
  return <NoSubscriptionCard />;
}

function ActiveSubscriptionCard({ subscription }: { subscription: EffectiveSubscription }) {
  const { t, i18n } = useTranslation('dashboard');
  const summary = subscriptionSummaryOf(subscription, i18n.language);
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <section aria-labelledby="subscription-status-heading" className="flex items-start gap-3">
        <IconTile icon={CheckCircle2} tone="emerald" />
        <div className="min-w-0">
          <p id="subscription-status-heading" className="text-sm text-zinc-500">
            {t('subscription.label')}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-zinc-900">
              {subscriptionNameText(summary.name, { admin: t('subscription.adminAccess'), unknown: t('subscription.unknownPlan') })}
            </h2>
            <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-inset ring-emerald-200">
              {t('subscription.active')}
            </span>
          </div>
          <p className="mt-0.5 text-sm text-zinc-600">{t(`subscription.${summary.periodLabel}`, { date: summary.periodEnd })}</p>
        </div>
      </section>
      <Link to="/subscription" className={buttonClasses('secondary', 'md')}>
        {t('subscription.manage')}
      </Link>
    </Card>
  );
}

function NoSubscriptionCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <IconTile icon={CreditCard} tone="amber" />
        <div>
          <h2 className="font-semibold text-zinc-900">{t('subscription.none')}</h2>
          <p className="mt-0.5 text-sm text-zinc-600">{t('subscription.noneBody')}</p>
        </div>
      </div>
      <Link to="/subscription" className={buttonClasses('primary', 'md')}>
        {t('subscription.viewPlans')}
      </Link>
    </Card>
  );
}

function SubscriptionStatusSkeleton() {
  const { t } = useTranslation();
  return (
    <Card className="flex items-center gap-3 p-5" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="flex w-full animate-pulse items-center gap-3">
        <div className="size-10 shrink-0 rounded-lg bg-zinc-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-40 max-w-full rounded bg-zinc-200" />
          <div className="h-3 w-64 max-w-full rounded bg-zinc-200" />
        </div>
      </div>
    </Card>
  );
}
