import type { MediaEndpoint } from '../contracts/media-jobs';
import { encodeTaskCursor, decodeTaskCursor, isTaskId, unknownStartingPoint, type TaskCursor } from './task-cursor';
import type { JobRecord, JobStatus } from './job';
import type { OwnedTasks } from './task-reads';
import { toTaskView, type TaskView } from './task-view';

/** What a list asks the store for; every filter narrows the caller's own tasks. */
export interface TaskListQuery {
  limit: number;
  /** The page holds tasks made before this one (newest first). */
  after?: TaskCursor;
  status?: JobStatus;
  endpoint?: MediaEndpoint;
  /** Inclusive bounds, as UTC instants in the form `createdAt` is stored in. */
  createdFrom?: string;
  createdTo?: string;
  /** One pair of the task's `metadata`, matched exactly. */
  metadata?: { key: string; value: string };
}

export interface TaskListPage {
  /** Newest first. */
  jobs: JobRecord[];
  /** Where the next (older) page starts; null when there is none. */
  next: TaskCursor | null;
}

/** The job store's side of a list: a page of one user's jobs, by the index of their creation times. */
export interface TaskListStore {
  listOf(userId: string, query: TaskListQuery): Promise<TaskListPage>;
}

/** The answer of `GET /tasks`, Stripe's list object. */
export interface TaskListView {
  object: 'list';
  url: '/tasks';
  data: TaskView[];
  has_more: boolean;
  /** Send it as `starting_after` for the next (older) page; null on the last one. */
  next_cursor: string | null;
}

export type TaskListRequest = Omit<TaskListQuery, 'after'> & { startingAfter?: string };

/** A caller's tasks, a page at a time, each the same object `GET /task/{id}` answers. */
export class TaskList {
  constructor(
    private readonly store: TaskListStore,
    private readonly tasks: Pick<OwnedTasks, 'getOwned' | 'queuePosition'>,
  ) {}

  async list(userId: string, request: TaskListRequest, baseUrl: string): Promise<TaskListView> {
    const { startingAfter, ...query } = request;
    const after = startingAfter === undefined ? undefined : await this.startOf(userId, startingAfter);
    const page = await this.store.listOf(userId, { ...query, ...(after ? { after } : {}) });
    // Only queued tasks have a place in line; few are, so each is asked for on its own.
    const data = await Promise.all(page.jobs.map(async (job) => toTaskView(job, baseUrl, await this.tasks.queuePosition(job))));
    return { object: 'list', url: '/tasks', data, has_more: page.next !== null, next_cursor: page.next && encodeTaskCursor(page.next) };
  }

  /** A cursor, or a task of the caller's whose creation time places it. */
  private async startOf(userId: string, startingAfter: string): Promise<TaskCursor> {
    if (!isTaskId(startingAfter)) return decodeTaskCursor(startingAfter);
    const job = await this.tasks.getOwned(userId, startingAfter).catch(() => {
      throw unknownStartingPoint();
    });
    return { createdAt: job.createdAt, id: job.id };
  }
}
