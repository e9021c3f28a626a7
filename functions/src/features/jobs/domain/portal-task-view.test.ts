import { portalTaskDetailSchema } from '../contracts/portal-tasks';
import type { JobRecord } from './job';
import { completedJob, jobId } from './output-test-support';
import { toPortalTask } from './portal-task-view';

const job: JobRecord = {
  ...completedJob,
  endpoint: 'cut',
  progress: 100,
  params: { start: 1, duration: 2 },
  inputs: [
    { role: 'file', key: `inputs/user-1/${jobId}/clip.mp4`, fileName: 'clip.mp4', size: 2048 },
    { role: 'file', url: 'https://media.example/b.mp4', fileName: 'b.mp4', size: 0 },
  ],
  error: null,
  attempts: 1,
  updatedAt: '2026-11-25T00:00:05Z',
  startedAt: '2026-11-25T00:00:01Z',
  completedAt: '2026-11-25T00:00:05Z',
  expiresAt: 0,
  metadata: { order: 'A1' },
};

describe("the portal's view of a task", () => {
  it('is the task object with relative links, its inputs by name or URL, its parameters and the output link', () => {
    const view = toPortalTask(job, null, 'https://signed.example/out');
    expect(portalTaskDetailSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      id: jobId,
      endpoint: '/cut',
      status: 'completed',
      links: { self: `/task/${jobId}`, download: `/task/${jobId}/download` },
      metadata: { order: 'A1' },
      params: { start: 1, duration: 2 },
      download_url: 'https://signed.example/out',
    });
    expect(view.inputs).toEqual([
      { role: 'file', file_name: 'clip.mp4', url: null, size: 2048 },
      { role: 'file', file_name: 'b.mp4', url: 'https://media.example/b.mp4', size: 0 },
    ]);
    // Storage keys stay on our side.
    expect(JSON.stringify(view.inputs)).not.toContain('inputs/user-1');
  });
});
