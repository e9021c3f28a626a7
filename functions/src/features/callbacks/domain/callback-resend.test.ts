import type { CallbackDeliveryMessage } from '../contracts/callback-deliveries';
import type { CallbackAttempt, JobRecord, JobStatus } from '../../jobs/domain/job';
import { completedJob, jobId, now } from '../../jobs/domain/output-test-support';
import { OwnedTasks } from '../../jobs/domain/task-reads';
import { CallbackResends } from './callback-resend';

const tried = (attempt: number, ok: boolean, nextAt: string | null = null): CallbackAttempt => ({
  attempt,
  at: '2026-11-25T00:01:00.000Z',
  status: ok ? 200 : 500,
  ok,
  error: ok ? null : 'Error: the callback URL answered HTTP 500.',
  next_attempt_at: nextAt,
});

function setup(status: JobStatus, attempts: CallbackAttempt[] | null) {
  const job: JobRecord = {
    ...completedJob,
    status,
    callback: attempts && { url: 'https://receiver.example/hook', baseUrl: 'https://api.example', attempts },
  };
  const jobs = { get: () => Promise.resolve(job), countQueuedBefore: () => Promise.resolve(0) };
  const sent: { message: CallbackDeliveryMessage; delaySeconds: number }[] = [];
  const queue = { send: (message: CallbackDeliveryMessage, delaySeconds: number) => Promise.resolve(void sent.push({ message, delaySeconds })) };
  return { resends: new CallbackResends(new OwnedTasks(jobs), queue, now), sent };
}

describe('callback resends', () => {
  it.each(['completed', 'failed', 'canceled'] as const)('queues one more try at once for a %s task, numbered after the recorded ones', async (status) => {
    const { resends, sent } = setup(status, [tried(1, true)]);
    await expect(resends.resend('user-1', jobId)).resolves.toMatchObject({ attempt: 2, job: { id: jobId } });
    expect(sent).toEqual([{ message: { jobId, userId: 'user-1', attempt: 2, resend: true }, delaySeconds: 0 }]);
  });

  it('resends a delivery that was given up', async () => {
    const { resends, sent } = setup('completed', [1, 2, 3, 4, 5, 6].map((n) => tried(n, false)));
    await resends.resend('user-1', jobId);
    expect(sent[0]?.message).toMatchObject({ attempt: 7, resend: true });
  });

  it.each(['queued', 'processing'] as const)('refuses a %s task with a 409 that says it has not ended', async (status) => {
    const { resends, sent } = setup(status, []);
    const refusal = resends.resend('user-1', jobId);
    await expect(refusal).rejects.toMatchObject({ name: 'TaskNotEndedError', param: 'id' });
    await expect(refusal).rejects.toThrow(`is ${status}`);
    expect(sent).toEqual([]);
  });

  it('refuses a task made without a callback_url, naming the field', async () => {
    const { resends, sent } = setup('completed', null);
    await expect(resends.resend('user-1', jobId)).rejects.toMatchObject({ name: 'NoCallbackUrlError', param: 'callback_url' });
    expect(sent).toEqual([]);
  });

  it('refuses while an automatic retry is still due, and allows it once that retry is long overdue', async () => {
    const due = setup('completed', [tried(1, false, '2026-11-26T00:05:00.000Z')]);
    await expect(due.resends.resend('user-1', jobId)).rejects.toMatchObject({ name: 'CallbackPendingError' });
    expect(due.sent).toEqual([]);
    const lost = setup('completed', [tried(1, false, '2026-11-25T23:00:00.000Z')]);
    await expect(lost.resends.resend('user-1', jobId)).resolves.toMatchObject({ attempt: 2 });
  });

  it('refuses once a task holds as many tries as it keeps', async () => {
    const { resends } = setup('completed', Array.from({ length: 16 }, (_, i) => tried(i + 1, true)));
    await expect(resends.resend('user-1', jobId)).rejects.toMatchObject({ name: 'CallbackResendLimitError' });
  });

  it("answers another user's task as missing", async () => {
    const { resends, sent } = setup('completed', []);
    await expect(resends.resend('user-2', jobId)).rejects.toMatchObject({ name: 'NotFoundError', param: 'id' });
    expect(sent).toEqual([]);
  });
});
