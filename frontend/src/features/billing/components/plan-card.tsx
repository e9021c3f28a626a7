import { useId, useState } from 'react';
import { Check, ChevronDown, Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@frameforge/functions/kernel/contracts/plans';
import { Button } from '../../../components/button';
import type { PlanAction } from '../plan-action';
import { formatPrice, isDetailId, isFeatureId } from '../plan-text';

export interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** This card's checkout is under way. */
  busy: boolean;
  /** Another card's checkout is under way, or the current plan is not known yet. */
  disabled: boolean;
  onChoose: () => void;
}

export function PlanCard({ plan, action, busy, disabled, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation('subscription');
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const isCurrent = action === 'active';

  return (
    <section
      aria-label={plan.name}
      className={`flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ${plan.popular ? 'ring-2 ring-indigo-600' : 'ring-1 ring-zinc-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-zinc-900">{plan.name}</h3>
        {plan.popular && (
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
            {t('plan.mostPopular')}
          </span>
        )}
      </div>

      <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
        <span className="text-3xl font-semibold tracking-tight text-zinc-900">{formatPrice(plan.price, i18n.language)}</span>
        <span className="text-sm text-zinc-500">{t('plan.perMonth')}</span>
      </p>
      <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-zinc-700">
        <Gauge aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
        {plan.requestsPerMinute === null ? t('plan.unlimited') : t('plan.rateLimit', { count: plan.requestsPerMinute })}
      </p>
      <p className="mt-1 text-xs text-zinc-500">{t('plan.cancelAnytime')}</p>

      <ul className="mt-5 space-y-2 text-sm text-zinc-700">
        {plan.features.map((id) => (
          <li key={id} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>{isFeatureId(id, i18n) ? t(`features.${id}`) : id}</span>
          </li>
        ))}
      </ul>

      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((open) => !open)}
        className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {expanded ? t('plan.hideDetails') : t('plan.showDetails')}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
      </button>
      <ul id={detailsId} hidden={!expanded} className="mt-3 list-disc space-y-1.5 ps-5 text-sm text-zinc-600">
        {plan.detailedFeatures.map((id) => (
          <li key={id}>{isDetailId(id, i18n) ? t(`details.${id}`) : id}</li>
        ))}
      </ul>

      <div className="mt-auto pt-6">
        <Button
          className="w-full"
          variant={isCurrent || action === 'downgrade' ? 'secondary' : 'primary'}
          busy={busy}
          disabled={isCurrent || disabled}
          onClick={onChoose}
        >
          {isCurrent && <Check aria-hidden="true" className="size-4" />}
          {t(`plan.actions.${action}`)}
        </Button>
      </div>
    </section>
  );
}
