import { CreditCard, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EffectiveSubscription } from '@frameforge/functions/features/billing/contracts/billing';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { subscriptionNameText, subscriptionSummaryOf } from '../../../lib/subscription-summary';
import { useBillingPortal } from '../hooks/use-billing-portal';
import { cardBrandName } from '../subscription-display';
import { StatusBadge } from './status-badge';

export interface CurrentSubscriptionPanelProps {
  subscription: EffectiveSubscription;
  onNotAuthenticated: () => void;
}

export function CurrentSubscriptionPanel({ subscription, onNotAuthenticated }: CurrentSubscriptionPanelProps) {
  const { t, i18n } = useTranslation('subscription');
  const portal = useBillingPortal(onNotAuthenticated);
  const summary = subscriptionSummaryOf(subscription, i18n.language);
  // An admin without a Stripe customer has nothing to manage there.
  const canManage = !(subscription.admin_access && !subscription.stripe_customer_id);
  const last4 = subscription.payment_method_last4;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="current-subscription-heading" className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="current-subscription-heading" className="text-sm font-medium text-zinc-500">
            {t('current.title')}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <p className="text-xl font-semibold text-zinc-900">
              {subscriptionNameText(summary.name, { admin: t('current.adminAccess'), unknown: t('current.unknownPlan') })}
            </p>
            <StatusBadge status={subscription.status} />
          </div>
          <p className="mt-1 text-sm text-zinc-600">{t(`current.${summary.periodLabel}`, { date: summary.periodEnd })}</p>
          {last4 && (
            <p className="mt-3 flex items-center gap-2 text-sm text-zinc-600">
              <CreditCard aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
              <span className="sr-only">{t('current.paymentMethod')}: </span>
              {t('current.card', { brand: cardBrandName(subscription.payment_method_brand) ?? t('current.cardUnknownBrand'), last4 })}
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {subscription.stripe_subscription_id && (
              <Button
                variant="secondary"
                busy={portal.busy === 'payment_method_update'}
                disabled={portal.busy !== null}
                onClick={() => void portal.open(subscription.stripe_customer_id, 'payment_method_update')}
              >
                <CreditCard aria-hidden="true" className="size-4" />
                {t('current.updateCard')}
              </Button>
            )}
            <Button variant="secondary" busy={portal.busy === 'home'} disabled={portal.busy !== null} onClick={() => void portal.open(subscription.stripe_customer_id)}>
              <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('current.manageBilling')}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
