import type { JobRecord } from './job';
import { completedJob, jobId, now, output } from './output-test-support';
import { outputFileId, parseOutputFileId, TaskOutputFiles } from './task-outputs';

const job = completedJob;
const files = (record: JobRecord | undefined) => new TaskOutputFiles({ get: () => Promise.resolve(record) }, now);

describe('task output ids', () => {
  it('round-trips the task id and the attachment', () => {
    expect(outputFileId(jobId)).toBe('out_6f1c2b3a111142228333944455566677');
    expect(parseOutputFileId(outputFileId(jobId, 1))).toEqual({ jobId, attachment: 1 });
    expect(parseOutputFileId('out_xyz')).toBeUndefined();
  });

  it('resolves the owner’s output and its attachments to their stored keys', async () => {
    await expect(files(job).resolve('user-1', outputFileId(jobId), 'video', 'file_id')).resolves.toEqual({ role: 'video', key: output.key, fileName: 'cut.mp4', size: 1234 });
    await expect(files(job).resolve('user-1', outputFileId(jobId, 1), 'video', 'file_id')).resolves.toMatchObject({ key: output.attachments[0]!.key });
  });

  it('answers another user’s output as a missing one', async () => {
    await expect(files(job).resolve('user-2', outputFileId(jobId), 'video', 'file_id')).rejects.toMatchObject({ code: 'not_found', param: 'file_id' });
  });

  it('refuses an output of a task still running, and an expired one', async () => {
    await expect(files({ ...job, status: 'processing', output: null }).resolve('user-1', outputFileId(jobId), 'video', 'file_ids')).rejects.toMatchObject({ code: 'conflict', param: 'file_ids' });
    const expired = { ...job, output: { ...output, expiresAt: '2026-11-01T00:00:00Z' } };
    await expect(files(expired).resolve('user-1', outputFileId(jobId), 'video', 'file_id')).rejects.toThrow(/expired/);
  });
});
