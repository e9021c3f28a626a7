import { TASK_OPERATIONS, TASK_STATUSES } from '@frameforge/functions/features/jobs/contracts/task-list';

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskOperation = (typeof TASK_OPERATIONS)[number];

export const STATUS_CHOICES = TASK_STATUSES;
export const OPERATION_CHOICES = TASK_OPERATIONS;

/** What the reader chose on the Tasks page; '' is every status or operation. */
export interface TaskFilters {
  status: TaskStatus | '';
  operation: TaskOperation | '';
}

export const NO_TASK_FILTERS: TaskFilters = { status: '', operation: '' };

export const hasTaskFilters = (filters: TaskFilters): boolean => filters.status !== '' || filters.operation !== '';

export const isTaskStatus = (value: string): value is TaskStatus => (STATUS_CHOICES as readonly string[]).includes(value);
export const isTaskOperation = (value: string): value is TaskOperation => (OPERATION_CHOICES as readonly string[]).includes(value);

/** The query string of `GET /tasks` for these filters, a page size and where the page starts. */
export function tasksQueryOf(filters: TaskFilters, limit: number, cursor: string | null = null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.status) query.set('status', filters.status);
  if (filters.operation) query.set('operation', filters.operation);
  if (cursor) query.set('starting_after', cursor);
  return query;
}
