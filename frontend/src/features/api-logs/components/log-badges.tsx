import { useTranslation } from 'react-i18next';
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

export function StatusBadge({ statusCode }: { statusCode: number }) {
  const tone = statusToneOf(statusCode);
  return (
    <span data-tone={tone} className={`inline-flex rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${STATUS_CLASSES[tone]}`}>
      {statusCode}
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
