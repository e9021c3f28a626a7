import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TierBadge } from '../plan-badges';

const METHOD_CLASSES: Record<string, string> = {
  get: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  post: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  put: 'bg-amber-50 text-amber-800 ring-amber-200',
  patch: 'bg-amber-50 text-amber-800 ring-amber-200',
  delete: 'bg-red-50 text-red-700 ring-red-200',
};

const pill = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export function MethodBadge({ method }: { method: string }) {
  return (
    <span dir="ltr" className={`inline-flex w-14 shrink-0 justify-center rounded-md py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${METHOD_CLASSES[method] ?? METHOD_CLASSES.get}`}>
      {method.toUpperCase()}
    </span>
  );
}

/** "Boost+" or "Elite": the plan a feature needs; the full sentence for screen readers and as a tooltip. */
export function PlanBadge({ badge }: { badge: TierBadge }) {
  const { t } = useTranslation('apiDocs');
  const label = badge.orHigher ? t('badges.orHigher', { plan: badge.name }) : badge.name;
  const sentence = badge.orHigher ? t('badges.needsOrHigher', { plan: badge.name, feature: badge.feature }) : t('badges.needs', { plan: badge.name, feature: badge.feature });
  const tone = badge.orHigher ? 'bg-sky-50 text-sky-700 ring-sky-200' : 'bg-violet-50 text-violet-700 ring-violet-200';
  return (
    <span title={sentence} className={`${pill} ${tone}`}>
      <span aria-hidden="true" dir="ltr">
        {label}
      </span>
      <span className="sr-only">{sentence}</span>
    </span>
  );
}

export function BetaBadge() {
  const { t } = useTranslation('apiDocs');
  return (
    <span title={t('badges.betaHint')} className={`${pill} bg-amber-50 text-amber-800 ring-amber-200`}>
      <FlaskConical aria-hidden="true" className="size-3" />
      {t('badges.beta')}
    </span>
  );
}
