import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { EMPTY_STATS, getDashboardStats, type DashboardStats } from '../../features/dashboard/api/get-dashboard-stats';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { StatCards } from '../../features/dashboard/components/stat-cards';
import { SubscriptionStatusCard } from '../../features/dashboard/components/subscription-status-card';
import { PageHeader } from './page-header';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [stats, setStats] = useState<DashboardStats>(EMPTY_STATS);
  const [loading, setLoading] = useState(true);
  // A failed load is ignored on purpose: the card then shows the no-subscription invitation.
  const subscription = useSubscription();

  useEffect(() => {
    let cancelled = false;
    void getDashboardStats().then((loaded) => {
      if (cancelled) return;
      setStats(loaded);
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SubscriptionStatusCard subscription={subscription.data?.subscription ?? null} loading={subscription.isPending} />
      <StatCards stats={stats} loading={loading} />
      <QuickActions />
    </div>
  );
}
