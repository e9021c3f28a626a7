import { useEffect, useId, useRef } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { Button } from '../../../components/button';
import type { DetailTone } from '../error-details';
import { ErrorDialogFacts } from './error-dialog-facts';
import { useErrorDetails } from '../hooks/use-error-details';
import { MethodBadge, OutcomeBadge, StatusBadge } from './log-badges';

const DETAIL_CLASSES: Record<DetailTone, string> = {
  error: 'text-red-300',
  warning: 'text-amber-300',
  field: 'text-sky-300',
  plain: 'text-zinc-300',
};

/** The View Error modal: a native dialog, so focus, Escape and the backdrop behave as the platform does. */
export function ErrorDialog({ log, productApiUrl, onClose }: { log: ApiLogView | null; productApiUrl: string; onClose: () => void }) {
  const { t } = useTranslation('apiLogs');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (log && !dialog.open) dialog.showModal();
    if (!log && dialog.open) dialog.close();
  }, [log]);

  const { summary, details } = useErrorDetails(log?.error_message, log?.error_code);
  const taskFailed = log !== null && log.status_code < 400 && log.task?.outcome === 'failed';
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-auto max-h-[85dvh] w-[min(42rem,calc(100%-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-start shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-950/50"
    >
      {log && (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
                {t('errorModal.title')}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-600">
                <MethodBadge method={log.method} />
                <span dir="ltr" className="font-mono text-xs">
                  {log.endpoint}
                </span>
                <StatusBadge statusCode={log.status_code} />
                {log.task?.outcome && <OutcomeBadge outcome={log.task.outcome} />}
              </p>
              {taskFailed && <p className="mt-2 text-sm text-zinc-600">{t('errorModal.taskFailedNote')}</p>}
            </div>
            <button type="button" onClick={onClose} aria-label={t('errorModal.close')} className="rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900">
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <section className="mt-5 rounded-lg bg-red-50 p-4 ring-1 ring-inset ring-red-200">
            <h3 className="text-sm font-semibold text-red-900">{t('errorModal.whatWentWrong')}</h3>
            {/* The API's own (English) words or the portal's text: laid out by its own direction, not the page's. */}
            <p data-testid="error-summary" dir="auto" className="mt-1 break-words text-start text-sm text-red-800">
              {summary ?? t('errorModal.fallback')}
            </p>
          </section>
          {details.length > 0 && (
            <section className="mt-4">
              <h3 className="text-sm font-semibold text-zinc-900">{t('errorModal.technicalDetails')}</h3>
              <pre dir="ltr" tabIndex={0} className="mt-2 max-h-64 overflow-auto rounded-lg bg-zinc-950 p-3 text-start font-mono text-xs leading-relaxed">
                {details.map((line, index) => (
                  <span key={index} data-tone={line.tone} className={`block whitespace-pre-wrap break-words ${DETAIL_CLASSES[line.tone]}`}>
                    {line.text}
                  </span>
                ))}
              </pre>
            </section>
          )}
          <ErrorDialogFacts log={log} productApiUrl={productApiUrl} />
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('errorModal.close')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
