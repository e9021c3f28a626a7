import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planByTier, type Tier } from '@frameforge/functions/kernel/contracts/plans';
import { Card } from '../../../components/card';
import type { DashboardStats } from '../dashboard-stats';

const cell = 'px-3 py-2 text-start';

/**
 * Usage against the plan: today's processing requests apart from reads, the
 * jobs running against the plan's limit, and the last 30 days by endpoint
 * and by key with each key's current minute against its allowance.
 */
export function PlanUsage({ stats, tier, loading }: { stats: DashboardStats; tier: Tier | null; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const plan = tier ? planByTier(tier) : null;
  const ofLimit = (used: number, limit: number | null | undefined) =>
    limit === undefined ? number.format(used) : limit === null ? `${number.format(used)} · ${t('usage.noLimit')}` : t('usage.ofLimit', { used: number.format(used), limit: number.format(limit) });
  const facts = [
    { key: 'processingToday', value: number.format(stats.todayProcessing) },
    { key: 'readsToday', value: number.format(Math.max(0, stats.todayRequests - stats.todayProcessing)) },
    { key: 'runningJobs', value: ofLimit(stats.runningJobs, plan?.concurrentJobs) },
  ] as const;

  return (
    <Card className="min-w-0 p-4 sm:p-5" aria-busy={loading || undefined}>
      <section aria-labelledby={titleId} className="space-y-5">
        <div>
          <h2 id={titleId} className="font-semibold text-zinc-900">
            {t('usage.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-600">{t('usage.countingNote')}</p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          {facts.map(({ key, value }) => (
            <div key={key} data-testid={`usage-${key}`} className="rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-200">
              <dt className="text-xs font-medium text-zinc-600">{t(`usage.${key}`)}</dt>
              <dd className="mt-1 text-lg font-semibold text-zinc-900">{value}</dd>
            </div>
          ))}
        </dl>
        {stats.byEndpoint.length === 0 ? (
          <p className="text-sm text-zinc-600">{t('chart.empty')}</p>
        ) : (
          <div className="grid min-w-0 gap-5 lg:grid-cols-2">
            <UsageTable caption={t('usage.byEndpoint')} headers={[t('usage.endpoint'), t('usage.requests')]} testId="usage-by-endpoint">
              {stats.byEndpoint.map((row) => (
                <tr key={row.endpoint} className="border-t border-zinc-100">
                  <td className={cell}>
                    <code dir="ltr" className="font-mono text-xs text-zinc-800">
                      {row.endpoint}
                    </code>{' '}
                    <span className={`ms-1 rounded px-1.5 py-0.5 text-xs ${row.processing ? 'bg-indigo-50 text-indigo-700' : 'bg-zinc-100 text-zinc-600'}`}>
                      {t(row.processing ? 'usage.processing' : 'usage.read')}
                    </span>
                  </td>
                  <td className={`${cell} tabular-nums`}>{number.format(row.requests)}</td>
                </tr>
              ))}
            </UsageTable>
            <UsageTable caption={t('usage.byKey')} headers={[t('usage.key'), t('usage.requests'), t('usage.thisMinute')]} testId="usage-by-key">
              {stats.byKey.map((row) => (
                <tr key={row.key_id} className="border-t border-zinc-100">
                  <td className={cell}>
                    <span className="block font-medium text-zinc-900">{row.name ?? t('usage.revokedKey')}</span>
                    {row.masked_key ? (
                      <code dir="ltr" className="font-mono text-xs text-zinc-500">
                        {row.masked_key}
                      </code>
                    ) : null}
                  </td>
                  <td className={`${cell} tabular-nums`}>{number.format(row.requests)}</td>
                  <td className={`${cell} tabular-nums`}>
                    {row.name === null ? '—' : ofLimit(row.minute_used, plan?.requestsPerMinute)}
                    {row.minute_resets_in !== null && row.name !== null ? (
                      <span className="block text-xs text-zinc-500">{t('usage.resetsIn', { seconds: number.format(row.minute_resets_in) })}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </UsageTable>
          </div>
        )}
      </section>
    </Card>
  );
}

function UsageTable({ caption, headers, testId, children }: { caption: string; headers: string[]; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg ring-1 ring-zinc-200">
      <table data-testid={testId} className="w-full text-sm">
        <caption className="px-3 py-2 text-start text-sm font-medium text-zinc-900">{caption}</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-600">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={`${cell} font-medium`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
