import { useTranslation } from 'react-i18next';
import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { CopyButton } from '../../../components/copy-button';
import { statusUrlOf } from './task-line';

/** The ids under an error: the request's, and the task's with its status URL, each copyable. */
export function ErrorDialogFacts({ log, productApiUrl }: { log: ApiLogView; productApiUrl: string }) {
  const { t, i18n } = useTranslation('apiLogs');
  const ended = log.task?.ended_at ? new Date(log.task.ended_at) : null;
  const fact = (label: string, value: string, copyLabel?: string, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span dir="ltr" data-testid={testId} className="min-w-0 break-all text-start font-mono">
          {value}
        </span>
        {copyLabel && <CopyButton value={value} label={copyLabel} className="ring-0" />}
      </dd>
    </>
  );
  return (
    <dl className="mt-4 grid items-center gap-x-4 gap-y-1 text-xs text-zinc-500 sm:grid-cols-[auto_1fr]">
      {fact(t('columns.requestId'), log.request_id, t('copyRequestId'))}
      {log.task && (
        <>
          {fact(t('errorModal.taskId'), log.task.id, t('copyTaskId'), 'error-task-id')}
          {fact(t('errorModal.statusUrl'), statusUrlOf(log.task, productApiUrl), t('copyStatusUrl'), 'error-status-url')}
          {ended && !Number.isNaN(ended.getTime()) && (
            <>
              <dt>{t('errorModal.endedAt')}</dt>
              <dd>
                <time dateTime={log.task.ended_at ?? undefined}>{ended.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}</time>
              </dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}
