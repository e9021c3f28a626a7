import { useMemo, useState } from 'react';
import { Inbox, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortalTaskView } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useTasks } from '../api/list-tasks';
import { hasTaskFilters, NO_TASK_FILTERS, type TaskFilters } from '../task-filters';
import { EmptyState } from '../../../components/empty-state';
import { TaskTable } from './task-table';
import { TaskToolbar } from './task-toolbar';

const NO_TASKS: PortalTaskView[] = [];

/** The Tasks page's body: filters, the tasks newest first, and older ones a page at a time. */
export function TasksView() {
  const { t } = useTranslation('tasks');
  const [filters, setFilters] = useState<TaskFilters>(NO_TASK_FILTERS);
  const { data, isPending, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useTasks(filters);
  const tasks = useMemo(() => data?.pages.flatMap((page) => page.data) ?? NO_TASKS, [data]);

  return (
    <div className="space-y-4">
      <TaskToolbar filters={filters} onFiltersChange={setFilters} refreshing={isFetching && !isFetchingNextPage} onRefresh={() => void refetch()} />
      {tasks.length > 0 && (
        <p aria-live="polite" className="text-xs text-zinc-500">
          {t('showing', { shown: tasks.length })}
        </p>
      )}
      {isError && tasks.length === 0 && <Alert tone="error">{t('loadFailed')}</Alert>}
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : tasks.length === 0 ? (
        hasTaskFilters(filters) ? (
          <EmptyState icon={SearchX} text={t('empty.filtered')} />
        ) : (
          <EmptyState icon={Inbox} text={t('empty.none')} hint={t('empty.noneHint')} />
        )
      ) : (
        <>
          <TaskTable tasks={tasks} />
          {hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
