import { useId } from 'react';
import { RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';
import { LOG_FILTERS, isLogFilter, type LogFilter } from '../log-filters';

export interface LogToolbarProps {
  filter: LogFilter;
  onFilterChange: (filter: LogFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function LogToolbar({ filter, onFilterChange, search, onSearchChange, refreshing, onRefresh }: LogToolbarProps) {
  const { t } = useTranslation('apiLogs');
  const filterId = useId();
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-56">
        <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-zinc-700">
          {t('filter.label')}
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(e) => isLogFilter(e.target.value) && onFilterChange(e.target.value)}
          className={`${inputClasses} h-10 pe-8`}
        >
          {LOG_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`filter.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-zinc-700">
          {t('search.label')}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-zinc-400" />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            placeholder={t('search.placeholder')}
            className={`${inputClasses} h-10 ps-9`}
          />
        </div>
      </div>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing || undefined}>
        <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
        {t('refresh')}
      </Button>
    </div>
  );
}
