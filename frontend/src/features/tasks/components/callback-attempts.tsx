import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useResendCallback } from '../api/resend-callback';
import { isRunning, formatTime } from '../task-display';
import { Section } from './section';

const cell = 'px-3 py-2 align-middle';

/** Each try at delivering the task's callback, and a Resend once the task ended. */
export function CallbackAttempts({ task, onResent }: { task: PortalTaskView; onResent: (attempt: number) => void }) {
  const { t, i18n } = useTranslation('tasks');
  const resend = useResendCallback(task.id);
  const callback = task.callback;
  const attempts = callback?.attempts ?? [];
  const waiting = resend.isSuccess && attempts.length < resend.data.attempt;
  const canResend = callback !== null && !isRunning(task) && !resend.isPending && !waiting;
  return (
    <Section
      title={t('detail.callback')}
      actions={
        callback && (
          <Button variant="secondary" size="sm" busy={resend.isPending} disabled={!canResend} onClick={() => resend.mutate(undefined, { onSuccess: ({ attempt }) => onResent(attempt) })}>
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('detail.resend')}
          </Button>
        )
      }
    >
      {!callback ? (
        <p className="text-sm text-zinc-600">{t('detail.noCallback')}</p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-600">
            {t('detail.callbackUrl')} <span dir="ltr" className="break-all font-mono text-zinc-900">{callback.url}</span>
          </p>
          {resend.isError && <Alert tone="error">{resend.error.message}</Alert>}
          {waiting && <Alert tone="info">{t('detail.resendQueued')}</Alert>}
          {attempts.length === 0 ? (
            <p className="text-sm text-zinc-600">{t('attempts.none')}</p>
          ) : (
            <div role="region" aria-label={t('attempts.label')} tabIndex={0} className="overflow-x-auto rounded-lg ring-1 ring-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <table className="min-w-full text-start text-sm">
                <thead className="bg-zinc-50 text-xs font-medium text-zinc-500">
                  <tr>
                    {(['number', 'time', 'status', 'result', 'next'] as const).map((column) => (
                      <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 text-start">
                        {t(`attempts.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100">
                  {attempts.map((attempt) => (
                    <tr key={attempt.attempt} data-testid="callback-attempt" data-ok={attempt.ok}>
                      <td className={`${cell} tabular-nums`}>{attempt.attempt}</td>
                      <td className={`${cell} whitespace-nowrap`}>
                        <time dateTime={attempt.at}>{formatTime(attempt.at, i18n.language)}</time>
                      </td>
                      <td className={`${cell} font-mono`}>{attempt.status ?? t('attempts.noAnswer')}</td>
                      <td className={cell}>
                        <span className={attempt.ok ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>{attempt.ok ? t('attempts.ok') : t('attempts.failed')}</span>
                        {attempt.error && (
                          <span dir="ltr" className="block text-xs text-zinc-500">
                            {attempt.error}
                          </span>
                        )}
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>{attempt.next_attempt_at ? <time dateTime={attempt.next_attempt_at}>{formatTime(attempt.next_attempt_at, i18n.language)}</time> : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
