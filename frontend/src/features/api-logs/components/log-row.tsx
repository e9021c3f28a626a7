import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { CopyButton } from '../../../components/copy-button';
import { TestBadge } from '../../../components/test-badge';
import { buildCurlCommand } from '../curl-command';
import { Duration, MethodBadge, OutcomeBadge, StatusBadge } from './log-badges';
import { MetadataLine } from './metadata-line';
import { TaskLine } from './task-line';

export interface LogRowProps {
  log: ApiLogView;
  productApiUrl: string;
  onViewError: (log: ApiLogView) => void;
  onCurlCopied: (command: string) => void;
}

const cell = 'px-3 py-3 align-middle';

export function LogRow({ log, productApiUrl, onViewError, onCurlCopied }: LogRowProps) {
  const { t, i18n } = useTranslation('apiLogs');
  const time = new Date(log.created_at);
  const curl = buildCurlCommand(log, productApiUrl);
  const query = log.query?.replace(/^\?/, '') || null;
  const outcome = log.task?.outcome ?? null;
  return (
    <tr data-testid="log-row" data-log-id={log.id} data-outcome={outcome ?? undefined} className={`hover:bg-zinc-50 ${outcome === 'failed' ? 'bg-red-50/40' : ''}`}>
      <td className={`${cell} whitespace-nowrap text-zinc-600`}>
        <time dateTime={log.created_at}>
          {Number.isNaN(time.getTime()) ? log.created_at : time.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}
        </time>
      </td>
      <td className={`${cell} max-w-40 text-zinc-900`} title={log.key_name}>
        <div className="flex min-w-0 items-center gap-1.5">
          <span className="truncate">{log.key_name}</span>
          {log.key_mode === 'test' && <TestBadge />}
        </div>
      </td>
      <td className={cell}>
        <MethodBadge method={log.method} />
      </td>
      <td className={`${cell} max-w-64`}>
        <span dir="ltr" className="block truncate font-mono text-xs text-zinc-900" title={query ? `${log.endpoint}?${query}` : log.endpoint}>
          {log.endpoint}
          {query && <span className="text-zinc-400">?{query}</span>}
        </span>
        {log.task && <TaskLine task={log.task} productApiUrl={productApiUrl} />}
        {log.metadata && <MetadataLine metadata={log.metadata} />}
      </td>
      <td className={cell}>
        <div className="flex items-center gap-1.5">
          <StatusBadge statusCode={log.status_code} />
          {outcome && <OutcomeBadge outcome={outcome} />}
        </div>
      </td>
      <td className={cell}>
        <Duration ms={log.duration_ms} />
      </td>
      <td className={cell}>
        <div className="flex items-center gap-1">
          <code data-testid="request-id" dir="ltr" title={log.request_id} className="block max-w-28 truncate font-mono text-xs text-zinc-500">
            {log.request_id}
          </code>
          <CopyButton value={log.request_id} label={t('copyRequestId')} className="ring-0" />
        </div>
      </td>
      <td className={cell}>
        <div className="flex items-center justify-end gap-2">
          {log.error_message && (
            <button
              type="button"
              onClick={() => onViewError(log)}
              className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
            >
              <AlertTriangle aria-hidden="true" className="size-3.5" />
              {t('viewError')}
            </button>
          )}
          <CopyButton value={curl} label={t('copyCurl')} onCopied={() => onCurlCopied(curl)} className="whitespace-nowrap">
            {t('copyCurl')}
          </CopyButton>
        </div>
      </td>
    </tr>
  );
}
