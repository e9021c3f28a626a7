import { useTranslation } from 'react-i18next';
import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { LogRow, type LogRowProps } from './log-row';

const COLUMNS = ['time', 'key', 'method', 'endpoint', 'status', 'duration', 'requestId', 'actions'] as const;

export function LogTable({ logs, ...rowProps }: { logs: ApiLogView[] } & Omit<LogRowProps, 'log'>) {
  const { t } = useTranslation('apiLogs');
  return (
    // A wide table scrolls inside its card on a phone instead of widening the page.
    <div role="region" aria-label={t('tableLabel')} tabIndex={0} className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table className="min-w-full text-start text-sm">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs font-medium uppercase tracking-wide text-zinc-500">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={`whitespace-nowrap px-3 py-2.5 text-start ${column === 'actions' ? 'text-end' : ''}`}>
                {column === 'actions' ? <span className="sr-only">{t('columns.actions')}</span> : t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {logs.map((log) => (
            <LogRow key={log.id} log={log} {...rowProps} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
