import { useId } from 'react';
import { RefreshCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';
import { hasTaskFilters, isTaskOperation, isTaskStatus, OPERATION_CHOICES, STATUS_CHOICES, type TaskFilters } from '../task-filters';

export interface TaskToolbarProps {
  filters: TaskFilters;
  onFiltersChange: (filters: TaskFilters) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function TaskToolbar({ filters, onFiltersChange, refreshing, onRefresh }: TaskToolbarProps) {
  const { t } = useTranslation('tasks');
  const statusId = useId();
  const operationId = useId();
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="sm:w-56">
        <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-zinc-700">
          {t('filter.status')}
        </label>
        <select
          id={statusId}
          value={filters.status}
          onChange={(e) => onFiltersChange({ ...filters, status: isTaskStatus(e.target.value) ? e.target.value : '' })}
          className={`${inputClasses} h-10 pe-8`}
        >
          <option value="">{t('filter.allStatuses')}</option>
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-56">
        <label htmlFor={operationId} className="mb-1.5 block text-sm font-medium text-zinc-700">
          {t('filter.operation')}
        </label>
        <select
          id={operationId}
          value={filters.operation}
          onChange={(e) => onFiltersChange({ ...filters, operation: isTaskOperation(e.target.value) ? e.target.value : '' })}
          className={`${inputClasses} h-10 pe-8`}
        >
          <option value="">{t('filter.allOperations')}</option>
          {OPERATION_CHOICES.map((operation) => (
            <option key={operation} value={operation} dir="ltr">
              {operation}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing || undefined}>
        <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
        {t('refresh')}
      </Button>
      <Button variant="ghost" onClick={() => onFiltersChange({ status: '', operation: '' })} disabled={!hasTaskFilters(filters)}>
        <X aria-hidden="true" className="size-4" />
        {t('clearFilters')}
      </Button>
    </div>
  );
}
