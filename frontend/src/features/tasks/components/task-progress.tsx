import { useTranslation } from 'react-i18next';
import type { PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { durationSeconds, formatDuration, formatTime } from '../task-display';
import { Section } from './section';

/** Where the task stands: its progress while it runs, its place in line, and its times. */
export function TaskProgress({ task }: { task: PortalTaskView }) {
  const { t, i18n } = useTranslation('tasks');
  const seconds = durationSeconds(task);
  const times: [string, string | null][] = [
    [t('detail.created'), task.created_at],
    [t('detail.started'), task.started_at],
    [t('detail.ended'), task.completed_at],
  ];
  return (
    <Section title={t('detail.status')}>
      <div className="space-y-4">
        <div>
          <div className="mb-1 flex justify-between text-sm text-zinc-600">
            <span>{t('detail.progress')}</span>
            <span className="tabular-nums">{new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(task.progress / 100)}</span>
          </div>
          <progress data-testid="task-progress" value={task.progress} max={100} aria-label={t('detail.progress')} className="h-2 w-full overflow-hidden rounded-full accent-indigo-600" />
          {task.queue_position !== null && <p className="mt-1 text-sm text-zinc-600">{t('detail.queuePosition', { position: task.queue_position })}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {times.map(([label, at]) => (
            <div key={label}>
              <dt className="text-zinc-500">{label}</dt>
              <dd className="text-zinc-900">{at ? <time dateTime={at}>{formatTime(at, i18n.language)}</time> : '—'}</dd>
            </div>
          ))}
          <div>
            <dt className="text-zinc-500">{t('detail.duration')}</dt>
            <dd className="tabular-nums text-zinc-900">{seconds === null ? '—' : formatDuration(seconds, i18n.language)}</dd>
          </div>
        </dl>
      </div>
    </Section>
  );
}
