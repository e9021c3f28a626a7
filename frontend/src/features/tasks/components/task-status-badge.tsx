import { CheckCircle2, Clock, Loader2, MinusCircle, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '../task-filters';

const STYLES: Record<TaskStatus, { classes: string; icon: typeof CheckCircle2 }> = {
  queued: { classes: 'bg-zinc-50 text-zinc-700 ring-zinc-300', icon: Clock },
  processing: { classes: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20', icon: Loader2 },
  completed: { classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20', icon: CheckCircle2 },
  failed: { classes: 'bg-red-50 text-red-700 ring-red-600/30', icon: XCircle },
  canceled: { classes: 'bg-amber-50 text-amber-800 ring-amber-600/30', icon: MinusCircle },
};

/** A task's status, in words and colour (the words alone carry it). */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  const { classes, icon: Icon } = STYLES[status];
  return (
    <span data-testid="task-status" data-status={status} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}>
      <Icon aria-hidden="true" className={`size-3.5 ${status === 'processing' ? 'animate-spin' : ''}`} />
      {t(`status.${status}`)}
    </span>
  );
}
