import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyUsage } from '@frameforge/functions/features/request-logs/contracts/usage-stats';
import { Card } from '../../../components/card';
import { directionOf, resolveLanguage } from '../../../lib/languages';
import { formatUsageDay, layoutBars } from '../chart-layout';

// Drawing units; the SVG stretches to the card's width, so bars stay legible from 375 px up.
const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

export function UsageChart({ daily, loading }: { daily: DailyUsage[]; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const titleId = useId();
  const language = resolveLanguage(i18n.language);
  const number = new Intl.NumberFormat(language);
  const { bars, max } = layoutBars(daily, { width: WIDTH, height: HEIGHT, gap: GAP, rtl: directionOf(language) === 'rtl' });
  const total = daily.reduce((sum, day) => sum + day.requests, 0);
  const first = daily[0];
  const last = daily[daily.length - 1];

  return (
    <Card className="p-4 sm:p-5" aria-busy={loading || undefined}>
      <section aria-labelledby={titleId}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={titleId} className="font-semibold text-zinc-900">
            {t('chart.title')}
          </h2>
          <ul className="flex gap-4 text-xs text-zinc-600" aria-label={t('chart.legend')}>
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-indigo-500" />
              {t('chart.successful')}
            </li>
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-500" />
              {t('chart.errors')}
            </li>
          </ul>
        </div>
        {daily.length === 0 || total === 0 ? (
          <p className={`mt-6 mb-2 text-center text-sm text-zinc-500 ${loading ? 'animate-pulse' : ''}`}>{t('chart.empty')}</p>
        ) : (
          <div className="mt-4">
            <div className="flex gap-2">
              <div aria-hidden="true" className="flex flex-col justify-between py-0.5 text-end text-[10px] tabular-nums text-zinc-500">
                <span>{number.format(max)}</span>
                <span>0</span>
              </div>
              <svg
                viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                preserveAspectRatio="none"
                role="list"
                aria-label={t('chart.summary', { total: number.format(total) })}
                className="h-40 w-full min-w-0 overflow-visible"
              >
                <line x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-zinc-100" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
                <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-zinc-300" vectorEffect="non-scaling-stroke" />
                {bars.map((bar) => {
                  const label = t('chart.bar', {
                    date: formatUsageDay(bar.date, language),
                    requests: number.format(bar.requests),
                    errors: number.format(bar.errors),
                  });
                  return (
                    <g key={bar.date} role="listitem" aria-label={label} data-testid="usage-bar" data-date={bar.date} data-requests={bar.requests} data-errors={bar.errors}>
                      <title>{label}</title>
                      {/* A full-height, invisible hit area: the tooltip works on empty days too. */}
                      <rect x={bar.x} y={0} width={bar.width} height={HEIGHT} fill="transparent" />
                      {bar.okHeight > 0 && <rect x={bar.x} y={bar.okY} width={bar.width} height={bar.okHeight} rx={1.5} className="fill-indigo-500" />}
                      {bar.errorHeight > 0 && <rect x={bar.x} y={bar.errorY} width={bar.width} height={bar.errorHeight} rx={1.5} className="fill-red-500" />}
                    </g>
                  );
                })}
              </svg>
            </div>
            {first && last && (
              <div aria-hidden="true" className="mt-1 flex justify-between ps-6 text-[11px] text-zinc-500">
                <span>{formatUsageDay(first.date, language)}</span>
                <span>{formatUsageDay(last.date, language)}</span>
              </div>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
