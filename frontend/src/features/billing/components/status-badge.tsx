import { useTranslation } from 'react-i18next';
import { isKnownStatus, statusToneOf, type StatusTone } from '../subscription-display';

export const TONE_CLASSES: Record<StatusTone, string> = {
  positive: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  neutral: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('subscription');
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[statusToneOf(status)]}`}>
      {isKnownStatus(status) ? t(`status.${status}`) : status}
    </span>
  );
}
