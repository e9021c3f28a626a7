import { useMemo, useState } from 'react';
import { Inbox, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOG_RETENTION_DAYS, type ApiLogView } from '@frameforge/functions/contracts/api-logs';
import { Spinner } from '../../../components/spinner';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { useApiLogs } from '../api/list-api-logs';
import { filterLogs, type LogFilter } from '../log-filters';
import { CurlNotice } from './curl-notice';
import { ErrorDialog } from './error-dialog';
import { LogTable } from './log-table';
import { LogToolbar } from './log-toolbar';

const NO_LOGS: ApiLogView[] = [];

export function ApiLogsView() {
  const { t } = useTranslation('apiLogs');
  // A failed load is ignored as the spec asks for data loads: the page then reads as empty, and Refresh tries again.
  const { data, isPending, isFetching, refetch } = useApiLogs();
  const [filter, setFilter] = useState<LogFilter>('all');
  const [search, setSearch] = useState('');
  const [errorLog, setErrorLog] = useState<ApiLogView | null>(null);
  const [copiedCurl, setCopiedCurl] = useState<string | null>(null);
  const logs = data?.logs ?? NO_LOGS;
  const visible = useMemo(() => filterLogs(logs, filter, search), [logs, filter, search]);

  return (
    <div className="space-y-4">
      <LogToolbar
        filter={filter}
        onFilterChange={setFilter}
        search={search}
        onSearchChange={setSearch}
        refreshing={isFetching}
        onRefresh={() => void refetch()}
      />
      <div className="flex flex-col gap-1 text-xs text-zinc-500 sm:flex-row sm:justify-between">
        <p>{t('retention', { days: data?.retention_days ?? LOG_RETENTION_DAYS })}</p>
        {logs.length > 0 && <p aria-live="polite">{t('showing', { shown: visible.length, total: logs.length })}</p>}
      </div>
      {copiedCurl && <CurlNotice command={copiedCurl} onDismiss={() => setCopiedCurl(null)} />}
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : logs.length === 0 ? (
        <EmptyState icon={Inbox} text={t('empty.none')} hint={t('empty.noneHint')} />
      ) : visible.length === 0 ? (
        <EmptyState icon={SearchX} text={t('empty.filtered')} />
      ) : (
        <LogTable logs={visible} productApiUrl={getRuntimeConfig().productApiUrl} onViewError={setErrorLog} onCurlCopied={setCopiedCurl} />
      )}
      <ErrorDialog log={errorLog} onClose={() => setErrorLog(null)} />
    </div>
  );
}

function EmptyState({ icon: Icon, text, hint }: { icon: typeof Inbox; text: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-zinc-400" />
      <p className="mt-3 font-medium text-zinc-900">{text}</p>
      {hint && <p className="mt-1 text-sm text-zinc-500">{hint}</p>}
    </div>
  );
}
