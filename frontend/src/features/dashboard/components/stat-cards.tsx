import { Activity, CalendarClock, Clock, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import type { DashboardStats } from '../dashboard-stats';

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
        <Card key={key} data-testid={`stat-${key}`} className="min-w-0 p-4 sm:p-5">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-zinc-500">
            {t(`stats.${key}`)}
            <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
          </dt>
          <dd
            title={value}
            // A date does not fit a phone's half-width card on one line: it wraps where a count truncates.
            className={`mt-2 font-semibold tracking-tight text-zinc-900 ${key === 'lastRequest' ? 'break-words text-base sm:text-lg' : 'truncate text-xl sm:text-2xl'} ${loading ? 'animate-pulse opacity-50' : ''}`}
          >
            {value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
