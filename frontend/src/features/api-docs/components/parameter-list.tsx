import { useTranslation } from 'react-i18next';
import type { Constraint, ParameterRow } from '../parameters';
import type { TierBadge } from '../plan-badges';
import { PlanBadge } from './badges';
import { MarkdownText } from './markdown-text';

/** More values than this fold away behind a disclosure (the transitions are about sixty). */
const MANY_VALUES = 12;

const valueChip = 'rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs break-all text-zinc-800';

function useConstraintText() {
  const { t } = useTranslation('apiDocs');
  return (constraint: Constraint): { label: string; text: string } => {
    switch (constraint.kind) {
      case 'range': {
        const low = constraint.min !== undefined ? `${constraint.min} ≤` : constraint.exclusiveMin !== undefined ? `${constraint.exclusiveMin} <` : '';
        const high = constraint.max !== undefined ? `≤ ${constraint.max}` : constraint.exclusiveMax !== undefined ? `< ${constraint.exclusiveMax}` : '';
        return { label: t('param.label.range'), text: [low, 'x', high].filter(Boolean).join(' ') };
      }
      case 'length':
        return { label: t('param.label.length'), text: rangeText(t, constraint.min, constraint.max, 'characters') };
      case 'items':
        return { label: t('param.label.items'), text: rangeText(t, constraint.min, constraint.max, 'count') };
      case 'pattern':
        return { label: t('param.label.pattern'), text: constraint.pattern };
    }
  };
}

type Translate = ReturnType<typeof useTranslation<'apiDocs'>>['t'];

function rangeText(t: Translate, min: number | undefined, max: number | undefined, unit: 'characters' | 'count'): string {
  if (min !== undefined && max !== undefined) return t(`param.${unit}.between`, { min, max });
  if (max !== undefined) return t(`param.${unit}.atMost`, { max });
  return t(`param.${unit}.atLeast`, { min });
}

function Values({ values }: { values: string[] }) {
  const { t } = useTranslation('apiDocs');
  const chips = (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => (
        <li key={value}>
          <code dir="ltr" className={valueChip}>
            {value}
          </code>
        </li>
      ))}
    </ul>
  );
  if (values.length <= MANY_VALUES) return chips;
  return (
    <details>
      <summary className="cursor-pointer text-xs font-medium text-indigo-600">{t('param.showValues', { count: values.length })}</summary>
      <div className="mt-1">{chips}</div>
    </details>
  );
}

function Parameter({ row, badges }: { row: ParameterRow; badges: TierBadge[] }) {
  const { t } = useTranslation('apiDocs');
  const constraintText = useConstraintText();
  return (
    <li data-testid={`param-${row.name}`} className="min-w-0 py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <code dir="ltr" className="font-mono text-sm font-semibold break-all text-zinc-900">
          {row.name}
        </code>
        <span dir="ltr" className="font-mono text-xs break-all text-zinc-500">
          {row.type}
        </span>
        {row.location !== 'body' && <span className="text-xs text-zinc-500">{t(`param.in.${row.location}`)}</span>}
        {row.required ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-inset ring-red-200">{t('param.required')}</span>
        ) : (
          <span className="text-xs text-zinc-500">{t('param.optional')}</span>
        )}
        {badges.map((badge) => (
          <PlanBadge key={badge.tier} badge={badge} />
        ))}
      </div>
      {row.description && (
        <p className="mt-1 text-sm break-words text-zinc-600">
          <MarkdownText text={row.description} />
        </p>
      )}
      <dl className="mt-1.5 space-y-1 text-xs text-zinc-600">
        {row.defaultValue !== undefined && (
          <div className="flex flex-wrap items-baseline gap-x-2">
            <dt className="font-medium text-zinc-500">{t('param.default')}</dt>
            <dd>
              <code dir="ltr" className={valueChip}>
                {row.defaultValue}
              </code>
            </dd>
          </div>
        )}
        {row.values.length > 0 && (
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <dt className="font-medium text-zinc-500">{t('param.values')}</dt>
            <dd className="min-w-0">
              <Values values={row.values} />
            </dd>
          </div>
        )}
        {row.constraints.map((constraint, index) => {
          const { label, text } = constraintText(constraint);
          return (
            <div key={index} className="flex flex-wrap items-baseline gap-x-2">
              <dt className="font-medium text-zinc-500">{label}</dt>
              <dd className="min-w-0">
                {constraint.kind === 'pattern' || constraint.kind === 'range' ? (
                  <code dir="ltr" className={valueChip}>
                    {text}
                  </code>
                ) : (
                  text
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

export function ParameterList({ rows, badges }: { rows: ParameterRow[]; badges: Record<string, TierBadge[]> }) {
  const { t } = useTranslation('apiDocs');
  if (rows.length === 0) return <p className="text-sm text-zinc-500">{t('param.none')}</p>;
  return (
    <ul className="divide-y divide-zinc-100">
      {rows.map((row) => (
        <Parameter key={`${row.location}-${row.name}`} row={row} badges={badges[row.name] ?? []} />
      ))}
    </ul>
  );
}
