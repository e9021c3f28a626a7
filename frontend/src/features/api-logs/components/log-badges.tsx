import { CheckCircle2, Loader2, MinusCircle, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaskOutcomeStatus } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { durationToneOf, statusToneOf, type DurationTone, type StatusTone } from '../log-tones';

const STATUS_CLASSES: Record<StatusTone, string> = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/30',
};

const DURATION_CLASSES: Record<DurationTone, string> = {
  normal: 'text-zinc-600',
  slow: 'font-medium text-amber-600',
  verySlow: 'font-semibold text-red-600',
};

const OUTCOME_STYLES: Record<TaskOutcomeStatus, { classes: string; icon: typeof CheckCircle2 }> = {
  pending: { classes: 'bg-zinc-50 text-zinc-600 ring-zinc-300', icon: Loader2 },
  completed: { classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20', icon: CheckCircle2 },
  failed: { classes: 'bg-red-50 text-red-700 ring-red-600/30', icon: XCircle },
  canceled: { classes: 'bg-amber-50 text-amber-800 ring-amber-600/30', icon: MinusCircle },
};

export function StatusBadge({ statusCode }: { statusCode: number }) {
  const tone = statusToneOf(statusCode);
  return (
    <span data-tone={tone} className={`inline-flex rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${STATUS_CLASSES[tone]}`}>
      {statusCode}
    </span>
  );
}

/** How the request's task ended (or that it still runs): beside the status, so a 202 whose task failed reads as a failure. */
export function OutcomeBadge({ outcome }: { outcome: TaskOutcomeStatus }) {
  const { t } = useTranslation('apiLogs');
  const { classes, icon: Icon } = OUTCOME_STYLES[outcome];
  return (
    <span
      data-testid="task-outcome"
      data-outcome={outcome}
      title={t('outcome.title')}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}
    >
      <Icon aria-hidden="true" className={`size-3.5 ${outcome === 'pending' ? 'animate-spin' : ''}`} />
      <span className="sr-only">{t('outcome.title')}: </span>
      {t(`outcome.${outcome}`)}
    </span>
  );
}

export function Duration({ ms }: { ms: number }) {
  const { t, i18n } = useTranslation('apiLogs');
  const tone = durationToneOf(ms);
  return (
    <span data-tone={tone} className={`whitespace-nowrap tabular-nums ${DURATION_CLASSES[tone]}`}>
      {t('durationMs', { ms: new Intl.NumberFormat(i18n.language).format(ms) })}
    </span>
  );
}

export function MethodBadge({ method }: { method: string }) {
  return <span className="inline-flex rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-zinc-700">{method}</span>;
}
