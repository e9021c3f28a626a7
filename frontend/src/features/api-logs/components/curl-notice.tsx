import { Terminal, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The command just copied, readable and selectable even where the clipboard is blocked, with the masked-key warning. */
export function CurlNotice({ command, onDismiss }: { command: string; onDismiss: () => void }) {
  const { t } = useTranslation('apiLogs');
  const { t: tc } = useTranslation();
  return (
    <section aria-labelledby="curl-notice-heading" className="rounded-xl bg-indigo-50 p-4 ring-1 ring-inset ring-indigo-200">
      <div className="flex items-start gap-3">
        <Terminal aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-700" />
        <div className="min-w-0 flex-1">
          <h2 id="curl-notice-heading" className="text-sm font-semibold text-indigo-900">
            {t('curl.copied')}
          </h2>
          <p className="mt-0.5 text-sm text-indigo-800">{t('curl.maskedNote')}</p>
          <pre dir="ltr" tabIndex={0} className="mt-3 overflow-x-auto rounded-lg bg-zinc-950 p-3 text-start text-xs text-zinc-100">
            <code data-testid="copied-curl">{command}</code>
          </pre>
        </div>
        <button type="button" onClick={onDismiss} aria-label={tc('dismiss')} className="shrink-0 rounded p-0.5 text-indigo-700 opacity-70 hover:opacity-100">
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
