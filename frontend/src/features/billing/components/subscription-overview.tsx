import { useTranslation } from 'react-i18next';
import type { SubscriptionResponse } from '@frameforge/functions/contracts/billing';
import { Alert } from '../../../components/alert';
import { errorMessageOr } from '../../../lib/auth-errors';
import { CurrentSubscriptionPanel } from './current-subscription-panel';
import { NoSubscriptionPanel, SubscriptionPanelSkeleton } from './no-subscription-panel';

export interface SubscriptionOverviewProps {
  data: SubscriptionResponse | undefined;
  error: unknown;
  onNotAuthenticated: () => void;
}

/** The panel above the plans: loading, failed, the current subscription, or none. */
export function SubscriptionOverview({ data, error, onNotAuthenticated }: SubscriptionOverviewProps) {
  const { t } = useTranslation('subscription');
  if (data) {
    return data.subscription ? <CurrentSubscriptionPanel subscription={data.subscription} onNotAuthenticated={onNotAuthenticated} /> : <NoSubscriptionPanel />;
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
