import { Gauge } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { PlanLimit } from '../openapi-schema';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

/** The per-key limits of each plan, as the document's `x-plans` states them. */
export function PlanLimits({ plans }: { plans: readonly PlanLimit[] }) {
  const { t } = useTranslation('apiDocs');
  return (
    <GuideSection id="limits-heading" title={t('limits.title')} icon={Gauge}>
      <table className="w-full text-start text-sm">
        <thead>
          <tr className="border-b border-zinc-200 text-xs uppercase tracking-wide text-zinc-500">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('limits.plan')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('limits.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.tier} className="border-b border-zinc-100 last:border-0">
              <th scope="row" className="py-2 pe-3 text-start font-medium text-zinc-900">
                {plan.name}
              </th>
              <td className="py-2 text-zinc-700">
                {plan.requests_per_minute === null ? t('limits.unlimited') : t('limits.perMinute', { count: plan.requests_per_minute })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Trans t={t} i18nKey="limits.counted" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="limits.headers" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="limits.queued" components={{ code: inlineCode }} />
      </p>
    </GuideSection>
  );
}
