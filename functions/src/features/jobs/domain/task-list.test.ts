import type { JobRecord } from './job';
import { completedJob } from './output-test-support';
import { encodeTaskCursor } from './task-cursor';
import { TaskList, type TaskListQuery } from './task-list';

const older: JobRecord = { ...completedJob, endpoint: 'cut', id: '11111111-1111-4111-8111-111111111111', createdAt: '2026-11-20T10:00:00.000Z' };
const queued: JobRecord = { ...completedJob, endpoint: 'cut', id: '22222222-2222-4222-8222-222222222222', createdAt: '2026-11-21T10:00:00.000Z', status: 'queued', output: null };

function listOf(jobs: JobRecord[], next: { createdAt: string; id: string } | null = null) {
  const asked: TaskListQuery[] = [];
  const list = new TaskList(
    {
      listOf: (_userId, query) => {
        asked.push(query);
        return Promise.resolve({ jobs, next });
      },
    },
    {
      getOwned: (userId, id) => {
        const job = [older, queued].find((candidate) => candidate.id === id && candidate.userId === userId);
        return job ? Promise.resolve(job) : Promise.reject(new Error('missing'));
      },
      queuePosition: (job) => Promise.resolve(job.status === 'queued' ? 4 : null),
    },
  );
  return { list, asked };
}

describe('the task list', () => {
  it('answers Stripe’s list object with each task as GET /task/{id} shows it', async () => {
    const next = { createdAt: older.createdAt, id: older.id };
    const page = await listOf([queued, older], next).list.list('user-1', { limit: 2 }, 'https://api.test');
    expect(page).toMatchObject({ object: 'list', url: '/tasks', has_more: true, next_cursor: encodeTaskCursor(next) });
    expect(page.data.map((task) => [task.id, task.queue_position])).toEqual([
      [queued.id, 4],
      [older.id, null],
    ]);
    expect(page.data[1]).toMatchObject({ object: 'task', status: 'completed', links: { self: `https://api.test/task/${older.id}` } });
  });

  it('says there is no more on the last page', async () => {
    await expect(listOf([older]).list.list('user-1', { limit: 2 }, '')).resolves.toMatchObject({ has_more: false, next_cursor: null });
  });

  it('starts after a cursor, or after one of the caller’s own tasks given by id', async () => {
    const { list, asked } = listOf([]);
    await list.list('user-1', { limit: 5, startingAfter: encodeTaskCursor({ createdAt: older.createdAt, id: older.id }) }, '');
    await list.list('user-1', { limit: 5, startingAfter: queued.id, status: 'queued' }, '');
    expect(asked).toEqual([
      { limit: 5, after: { createdAt: older.createdAt, id: older.id } },
      { limit: 5, status: 'queued', after: { createdAt: queued.createdAt, id: queued.id } },
    ]);
  });

  it('refuses another user’s task id as a starting point, as if it did not exist', async () => {
    await expect(listOf([]).list.list('user-2', { limit: 5, startingAfter: older.id }, '')).rejects.toMatchObject({ code: 'invalid_request', param: 'starting_after' });
  });
});
