import { Activity, CalendarClock, Clock, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import type { DashboardStats } from '../api/get-dashboard-stats';

export function StatCards({ stats, loading }: { stats: DashboardStats; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const lastRequest = stats.lastRequestAt
    ? new Date(stats.lastRequestAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : t('never');
  const cards = [
    { key: 'totalRequests', icon: Activity, value: number.format(stats.totalRequests) },
    { key: 'todayRequests', icon: CalendarClock, value: number.format(stats.todayRequests) },
    { key: 'activeKeys', icon: KeyRound, value: number.format(stats.activeKeys) },
    { key: 'lastRequest', icon: Clock, value: lastRequest },
  ] as const;

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={loading || undefined}>
      {cards.map(({ key, icon: Icon, value }) => (
        <Card key={key} className="min-w-0 p-4 sm:p-5">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-zinc-500">
            {t(`stats.${key}`)}
            <Icon aria-hidden="true" className="size-4 text-zinc-400" />
          </dt>
          <dd className={`mt-2 truncate text-xl sm:text-2xl font-semibold tracking-tight text-zinc-900 ${loading ? 'animate-pulse opacity-50' : ''}`}>{value}</dd>
        </Card>
      ))}
    </dl>
  );
}
