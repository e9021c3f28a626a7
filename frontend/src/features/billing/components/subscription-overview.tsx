import { useTranslation } from 'react-i18next';
import type { SubscriptionResponse } from '@frameforge/functions/features/billing/contracts/billing';
import { Alert } from '../../../components/alert';
import { errorMessageOr } from '../../../lib/auth-errors';
import { usePortalReturn } from '../hooks/use-portal-return';
import { BillingHistory } from './billing-history';
import { CurrentSubscriptionPanel } from './current-subscription-panel';
import { NoSubscriptionPanel, SubscriptionPanelSkeleton } from './no-subscription-panel';

export interface SubscriptionOverviewProps {
  data: SubscriptionResponse | undefined;
  error: unknown;
  onNotAuthenticated: () => void;
}

/**
 * The panels above the plans: loading, failed, or the current subscription
 * and the billing history of anyone who has been a Stripe customer; none otherwise.
 */
export function SubscriptionOverview({ data, error, onNotAuthenticated }: SubscriptionOverviewProps) {
  const { t } = useTranslation('subscription');
  usePortalReturn();
  if (data) {
    const { subscription } = data;
    if (!subscription) return <NoSubscriptionPanel />;
    return (
      <>
        <CurrentSubscriptionPanel subscription={subscription} onNotAuthenticated={onNotAuthenticated} />
        {subscription.stripe_customer_id && <BillingHistory version={subscription.updated_at} />}
      </>
    );
  }
  if (error) {
    return (
      <Alert tone="error" title={t('loadFailed')}>
        {errorMessageOr(error, '') || null}
      </Alert>
    );
  }
  return <SubscriptionPanelSkeleton />;
}
