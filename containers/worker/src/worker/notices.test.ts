import { CONCURRENT_JOBS, type JobRecord } from '@frameforge/functions/jobs';
import { Logger } from '../logging/logger';
import { JOB_ENDED, workerNotices } from './notices';

const waiting = { id: 'job-1', userId: 'user-1', tier: 'boost' } as const;
const job = (status: JobRecord['status']) => ({ id: 'job-1', userId: 'user-1', endpoint: 'cut', status, error: null }) as unknown as JobRecord;

function setup(stored: JobRecord | undefined) {
  const usageAlerts = { notify: jest.fn(() => Promise.resolve('sent' as const)) };
  const jobFailures = { notify: jest.fn(() => Promise.resolve('sent' as const)) };
  const jobs = { get: jest.fn(() => Promise.resolve(stored)) };
  return { usageAlerts, jobFailures, jobs, notices: workerNotices({ usageAlerts, jobFailures }, jobs) };
}

describe('the worker’s notices', () => {
  const log = new Logger({ logLevel: 'SILENT' });
  beforeEach(() => jest.spyOn(log, 'error'));
  afterEach(() => jest.restoreAllMocks());

  it('a job waiting for a slot: the usage alert for the plan’s running-job cap', async () => {
    const { notices, usageAlerts } = setup(undefined);
    await notices.waiting(waiting, log);
    expect(usageAlerts.notify).toHaveBeenCalledWith('user-1', { kind: 'concurrency', cap: CONCURRENT_JOBS.boost, tier: 'boost' });
  });

  it('a job that ended: its stored record goes to the failure e-mails (which mail only failures)', async () => {
    const failed = job('failed');
    const { notices, jobFailures, jobs } = setup(failed);
    await notices.ended('job-1', log);
    expect(jobs.get).toHaveBeenCalledWith('job-1');
    expect(jobFailures.notify).toHaveBeenCalledWith(failed);
  });

  it('an e-mail that cannot go out is logged, never thrown into the job’s handling', async () => {
    const { notices, usageAlerts, jobFailures } = setup(job('failed'));
    usageAlerts.notify.mockRejectedValue(new Error('SES throttled'));
    jobFailures.notify.mockRejectedValue(new Error('SES throttled'));
    await expect(notices.waiting(waiting, log)).resolves.toBeUndefined();
    await expect(notices.ended('job-1', log)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('logs the outcome once, where the job ended, for the failure-rate metric', async () => {
    const { notices } = setup(job('failed'));
    const info = jest.spyOn(log, 'info');
    await notices.ended('job-1', log, true);
    await notices.ended('job-1', log);
    expect(info.mock.calls.filter(([message]) => message === JOB_ENDED)).toEqual([[JOB_ENDED, { job_status: 'failed', endpoint: 'cut' }]]);
  });

  it('a job that is gone: nothing to mail', async () => {
    const { notices, jobFailures } = setup(undefined);
    await notices.ended('job-1', log);
    expect(jobFailures.notify).not.toHaveBeenCalled();
  });
});
