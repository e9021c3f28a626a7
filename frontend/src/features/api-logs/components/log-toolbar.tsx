import { useId, type ReactNode } from 'react';
import { RefreshCw, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';
import { LOG_FILTERS, isLogFilter, type LogFilters } from '../log-filters';

export interface KeyChoice {
  id: string;
  label: string;
}

export interface LogToolbarProps {
  /** The filters as chosen; `search` is the text as typed (it reaches the query a moment later). */
  filters: LogFilters;
  onFiltersChange: (filters: LogFilters) => void;
  keys: readonly KeyChoice[];
  canClear: boolean;
  onClear: () => void;
  refreshing: boolean;
  onRefresh: () => void;
}

function Field({ label, children, className = '' }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function LogToolbar({ filters, onFiltersChange, keys, canClear, onClear, refreshing, onRefresh }: LogToolbarProps) {
  const { t } = useTranslation('apiLogs');
  const set = (change: Partial<LogFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('search.label')} className="min-w-0 flex-1">
          {(id) => (
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-zinc-400" />
              <input id={id} type="search" value={filters.search} onChange={(e) => set({ search: e.target.value })} placeholder={t('search.placeholder')} className={`${inputClasses} h-10 ps-9`} />
            </div>
          )}
        </Field>
        <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing || undefined}>
          <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
          {t('refresh')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <Field label={t('filter.label')}>
          {(id) => (
            <select id={id} value={filters.status} onChange={(e) => isLogFilter(e.target.value) && set({ status: e.target.value })} className={`${inputClasses} h-10 pe-8`}>
              {LOG_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`filter.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('keyFilter.label')}>
          {(id) => (
            <select id={id} value={filters.keyId} onChange={(e) => set({ keyId: e.target.value })} className={`${inputClasses} h-10 pe-8`}>
              <option value="">{t('keyFilter.all')}</option>
              {keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('range.from')}>
          {(id) => <input id={id} type="date" value={filters.fromDay} max={filters.toDay || undefined} onChange={(e) => set({ fromDay: e.target.value })} className={`${inputClasses} h-10`} />}
        </Field>
        <Field label={t('range.to')}>
          {(id) => <input id={id} type="date" value={filters.toDay} min={filters.fromDay || undefined} onChange={(e) => set({ toDay: e.target.value })} className={`${inputClasses} h-10`} />}
        </Field>
        <Button variant="ghost" onClick={onClear} disabled={!canClear} className="col-span-2 lg:col-span-1">
          <X aria-hidden="true" className="size-4" />
          {t('clearFilters')}
        </Button>
      </div>
    </div>
  );
}
