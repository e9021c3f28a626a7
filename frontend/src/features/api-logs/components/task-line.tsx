import { ExternalLink, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LogTask } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { CopyButton } from '../../../components/copy-button';

/** The task's full status URL on the product API (GET it with the key to read the task). */
export const statusUrlOf = (task: Pick<LogTask, 'status_url'>, productApiUrl: string): string => `${productApiUrl.replace(/\/+$/, '')}${task.status_url}`;

/** The task a request made or read, under the request's id: its id and its status URL, each copyable. */
export function TaskLine({ task, productApiUrl }: { task: LogTask; productApiUrl: string }) {
  const { t } = useTranslation('apiLogs');
  return (
    <div className="mt-1 flex items-center gap-1">
      <span className="text-[0.6875rem] font-medium uppercase tracking-wide text-zinc-500">{t('columns.task')}</span>
      <code data-testid="task-id" dir="ltr" title={task.id} className="block max-w-24 truncate font-mono text-xs text-zinc-500">
        {task.id}
      </code>
      <CopyButton value={task.id} label={t('copyTaskId')} className="ring-0" />
      <CopyButton value={statusUrlOf(task, productApiUrl)} label={t('copyStatusUrl')} icon={Link2} className="ring-0" />
      <Link
        to={`/tasks/${encodeURIComponent(task.id)}`}
        aria-label={t('openTask')}
        title={t('openTask')}
        data-testid="open-task"
        className="inline-flex rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ExternalLink aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
      </Link>
    </div>
  );
}
