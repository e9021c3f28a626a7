import type { JobRecord } from './job';

/** One completed task of user-1 with an output and its attachment, for the tests that read outputs. */
export const jobId = '6f1c2b3a-1111-4222-8333-944455566677';
export const output = {
  key: `outputs/user-1/${jobId}/cut.mp4`,
  fileName: 'cut.mp4',
  size: 1234,
  mediaType: 'video/mp4',
  duration: 3,
  expiresAt: '2026-12-01T00:00:00.000Z',
  attachments: [{ key: `outputs/user-1/${jobId}/cut.ass`, fileName: 'cut.ass', size: 10, mediaType: 'text/x-ass' }],
};
export const completedJob = { id: jobId, userId: 'user-1', status: 'completed', createdAt: '2026-11-25T00:00:00Z', output } as unknown as JobRecord;
export const now = () => new Date('2026-11-26T00:00:00Z');
