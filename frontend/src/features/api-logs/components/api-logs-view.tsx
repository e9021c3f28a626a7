import { useMemo, useState } from 'react';
import { Inbox, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LOG_RETENTION_DAYS, type ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { useApiLogs } from '../api/list-api-logs';
import { useLogKeys } from '../api/list-log-keys';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { keyChoicesOf } from '../key-choices';
import { hasFilters, NO_FILTERS, type LogFilters } from '../log-filters';
import { CurlNotice } from './curl-notice';
import { ErrorDialog } from './error-dialog';
import { LogTable } from './log-table';
import { LogToolbar } from './log-toolbar';

const NO_LOGS: ApiLogView[] = [];
const SEARCH_DELAY_MS = 300;

export function ApiLogsView() {
  const { t } = useTranslation('apiLogs');
  // `?q=` opens the page on one request or task (a link from a failure e-mail, say).
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<LogFilters>(() => ({ ...NO_FILTERS, search: searchParams.get('q') ?? '' }));
  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  // A failed load is ignored as the spec asks for data loads: the page then reads as empty, and Refresh tries again.
  const { data, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useApiLogs(applied);
  const { data: keyList } = useLogKeys();
  const [errorLog, setErrorLog] = useState<ApiLogView | null>(null);
  const [copiedCurl, setCopiedCurl] = useState<string | null>(null);
  const logs = useMemo(() => data?.pages.flatMap((page) => page.logs) ?? NO_LOGS, [data]);
  const keys = useMemo(
    () => keyChoicesOf(keyList?.keys ?? [], logs).map((key) => ({ id: key.id, label: key.revoked ? t('keyFilter.revoked', { name: key.name }) : key.name })),
    [keyList, logs, t],
  );
  const productApiUrl = getRuntimeConfig().productApiUrl;
  const loadMore = () => void fetchNextPage();

  return (
    <div className="space-y-4">
      <LogToolbar
        filters={filters}
        onFiltersChange={setFilters}
        keys={keys}
        canClear={hasFilters(filters)}
        onClear={() => setFilters(NO_FILTERS)}
        refreshing={isFetching && !isFetchingNextPage}
        onRefresh={() => void refetch()}
      />
      <div className="flex flex-col gap-1 text-xs text-zinc-500 sm:flex-row sm:justify-between">
        <p>{t('retention', { days: data?.pages[0]?.retention_days ?? LOG_RETENTION_DAYS })}</p>
        {logs.length > 0 && <p aria-live="polite">{t('showing', { shown: logs.length })}</p>}
      </div>
      {copiedCurl && <CurlNotice command={copiedCurl} onDismiss={() => setCopiedCurl(null)} />}
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : logs.length === 0 ? (
        hasNextPage ? (
          <EmptyState icon={SearchX} text={t('empty.searchedSoFar')}>
            <Button variant="secondary" className="mt-4" busy={isFetchingNextPage} onClick={loadMore}>
              {t('empty.searchOlder')}
            </Button>
          </EmptyState>
        ) : hasFilters(applied) ? (
          <EmptyState icon={SearchX} text={t('empty.filtered')} />
        ) : (
          <EmptyState icon={Inbox} text={t('empty.none')} hint={t('empty.noneHint')} />
        )
      ) : (
        <>
          <LogTable logs={logs} productApiUrl={productApiUrl} onViewError={setErrorLog} onCurlCopied={setCopiedCurl} />
          {hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" busy={isFetchingNextPage} onClick={loadMore}>
                {t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      <ErrorDialog log={errorLog} productApiUrl={productApiUrl} onClose={() => setErrorLog(null)} />
    </div>
  );
}
