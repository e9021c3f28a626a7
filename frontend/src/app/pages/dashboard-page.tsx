import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { useUsageStats } from '../../features/dashboard/api/get-usage-stats';
import { PlanUsage } from '../../features/dashboard/components/plan-usage';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { StatCards } from '../../features/dashboard/components/stat-cards';
import { SubscriptionStatusCard } from '../../features/dashboard/components/subscription-status-card';
import { UsageChart } from '../../features/dashboard/components/usage-chart';
import { statsOf } from '../../features/dashboard/dashboard-stats';
import { PageHeader } from './page-header';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  // Failed loads are ignored on purpose: the card then invites to choose a plan, the stats read zero.
  const subscription = useSubscription();
  const usage = useUsageStats();
  const stats = statsOf(usage.data);
  const current = subscription.data?.subscription ?? null;

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SubscriptionStatusCard subscription={subscription.data?.subscription ?? null} loading={subscription.isPending} />
      <StatCards stats={stats} loading={usage.isPending && usage.fetchStatus === 'fetching'} />
      <UsageChart daily={stats.daily} loading={usage.isPending && usage.fetchStatus === 'fetching'} />
      <PlanUsage stats={stats} tier={current?.active ? current.tier : null} loading={usage.isPending && usage.fetchStatus === 'fetching'} />
      <QuickActions />
    </div>
  );
}
