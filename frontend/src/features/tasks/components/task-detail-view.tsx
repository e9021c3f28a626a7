import { useState } from 'react';
import { ArrowLeft, ScrollText, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TestBadge } from '../../../components/test-badge';
import { ApiError } from '../../../lib/api-client';
import { useCancelTask } from '../api/cancel-task';
import { useTask } from '../api/get-task';
import { isRunning } from '../task-display';
import { CallbackAttempts } from './callback-attempts';
import { OutputPanel } from './output-panel';
import { Section } from './section';
import { TaskFacts } from './task-facts';
import { TaskProgress } from './task-progress';
import { TaskStatusBadge } from './task-status-badge';

const linkClasses = 'inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

/** One task's page: where it stands, what it made, what went wrong, its inputs and its callback. */
export function TaskDetailView({ id }: { id: string }) {
  const { t } = useTranslation('tasks');
  const [awaitingTries, setAwaitingTries] = useState(0);
  const { data: task, isPending, error } = useTask(id, awaitingTries);
  const cancel = useCancelTask();

  const back = (
    <Link to="/tasks" className={linkClasses}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('detail.back')}
    </Link>
  );
  if (isPending) {
    return (
      <div className="space-y-6">
        {back}
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      </div>
    );
  }
  if (!task) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="space-y-6">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{t('detail.title')}</h1>
        <Alert tone="error">{missing ? t('detail.notFound') : t('detail.loadFailed')}</Alert>
      </div>
    );
  }

  const onCancel = () => {
    if (window.confirm(t('detail.cancelConfirm'))) cancel.mutate(task.id);
  };
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-zinc-900">
            {t('detail.title')} <span dir="ltr" className="font-mono text-xl">{task.endpoint}</span>
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <TaskStatusBadge status={task.status} />
            {!task.livemode && <TestBadge />}
            <code data-testid="task-id" dir="ltr" className="break-all font-mono text-xs text-zinc-500">
              {task.id}
            </code>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/api-logs?q=${encodeURIComponent(task.id)}`} className={linkClasses}>
            <ScrollText aria-hidden="true" className="size-4" />
            {t('detail.viewLogs')}
          </Link>
          {isRunning(task) && (
            <Button variant="danger" busy={cancel.isPending} onClick={onCancel}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('detail.cancel')}
            </Button>
          )}
        </div>
      </div>
      {cancel.isError && <Alert tone="error">{cancel.error.message}</Alert>}
      {cancel.isSuccess && task.status === 'canceled' && <Alert tone="success">{t('detail.canceled')}</Alert>}
      <TaskProgress task={task} />
      {task.error && (
        <Section title={t('detail.error')}>
          <dl data-testid="task-error" className="grid gap-x-4 gap-y-2 rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-inset ring-red-200 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t('detail.errorCode')}</dt>
            <dd dir="ltr" className="font-mono">{task.error.code}</dd>
            <dt className="font-medium">{t('detail.errorMessage')}</dt>
            <dd dir="ltr" className="whitespace-pre-wrap break-words">{task.error.message}</dd>
            {task.error.hint && (
              <>
                <dt className="font-medium">{t('detail.errorHint')}</dt>
                <dd dir="ltr">{task.error.hint}</dd>
              </>
            )}
          </dl>
        </Section>
      )}
      <OutputPanel task={task} />
      <TaskFacts task={task} />
      <CallbackAttempts task={task} onResent={(attempt) => setAwaitingTries(attempt)} />
    </div>
  );
}
