import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { TestBadge } from '../../../components/test-badge';
import { durationSeconds, formatDuration, formatTime } from '../task-display';
import { MetadataChips } from './metadata-chips';
import { TaskStatusBadge } from './task-status-badge';

const COLUMNS = ['status', 'operation', 'metadata', 'created', 'duration'] as const;
const cell = 'px-3 py-3 align-middle';

/** The tasks as a table that scrolls inside its card on a phone; each operation links to its task page. */
export function TaskTable({ tasks }: { tasks: PortalTaskView[] }) {
  const { t, i18n } = useTranslation('tasks');
  return (
    <div role="region" aria-label={t('tableLabel')} tabIndex={0} className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table className="min-w-full text-start text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs font-medium uppercase tracking-wide text-zinc-500">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-3 py-2.5 text-start">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {tasks.map((task) => {
            const seconds = durationSeconds(task);
            return (
              <tr key={task.id} data-testid="task-row" data-task-id={task.id} className={`hover:bg-zinc-50 ${task.status === 'failed' ? 'bg-red-50/40' : ''}`}>
                <td className={cell}>
                  <TaskStatusBadge status={task.status} />
                </td>
                <td className={cell}>
                  <div className="flex items-center gap-1.5">
                    <Link to={`/tasks/${task.id}`} className="font-mono text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600" dir="ltr">
                      {task.endpoint}
                      <span className="sr-only"> {t('openTask', { id: task.id })}</span>
                    </Link>
                    {!task.livemode && <TestBadge />}
                  </div>
                  <code dir="ltr" title={task.id} className="mt-0.5 block max-w-32 truncate font-mono text-xs text-zinc-500">
                    {task.id}
                  </code>
                </td>
                <td className={cell}>
                  <MetadataChips metadata={task.metadata} label={t('columns.metadata')} />
                </td>
                <td className={`${cell} whitespace-nowrap text-zinc-600`}>
                  <time dateTime={task.created_at}>{formatTime(task.created_at, i18n.language)}</time>
                </td>
                <td className={`${cell} whitespace-nowrap tabular-nums text-zinc-600`}>{seconds === null ? '—' : formatDuration(seconds, i18n.language)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
