import type { ProfileRecord } from '../../profiles/domain/profile';
import type { EmailMessage } from './email-sender';
import { firstLineOf, JobFailureEmails, type FailedJob } from './job-failure-emails';
import type { NoticeDeps } from './notice-delivery';

function world() {
  const rows = new Map<string, ProfileRecord>();
  const claimed = new Set<string>();
  const sent: EmailMessage[] = [];
  const deps: NoticeDeps = {
    profiles: { get: (userId) => Promise.resolve(rows.get(userId)) },
    directory: { emailOf: (userId) => Promise.resolve(`${userId}@example.com`) },
    sender: {
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    },
    claims: {
      claim: (id) => Promise.resolve(!claimed.has(id) && Boolean(claimed.add(id))),
      release: (id) => Promise.resolve(void claimed.delete(id)),
    },
    portalUrl: 'https://portal.example.com/',
  };
  return { deps, rows, sent, claimed };
}

const failed = (overrides: Partial<FailedJob> = {}): FailedJob => ({
  id: 'task-123',
  userId: 'u1',
  endpoint: 'cut',
  status: 'failed',
  error: {
    code: 'start_out_of_range',
    message: 'Error: start (60 s) is at or beyond the end of the input (6.000 s).\nffmpeg: nothing to cut',
    param: 'start',
    hint: null,
  },
  ...overrides,
});

describe('JobFailureEmails', () => {
  it('sends one e-mail with the task id and the error’s first line', async () => {
    const { deps, sent, claimed } = world();
    expect(await new JobFailureEmails(deps).notify(failed())).toBe('sent');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.to).toBe('u1@example.com');
    expect(mail?.subject).toBe('FrameForge job failed: /cut (task task-123)');
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain('Task id: task-123');
      expect(body).toContain('Error: start (60 s) is at or beyond the end of the input (6.000 s).');
      expect(body).not.toContain('nothing to cut');
      expect(body).toContain('https://portal.example.com/api-logs?q=task-123');
    }
    expect([...claimed]).toEqual(['jobmail#task-123']);
  });

  it('at most one per job, however often its end is announced', async () => {
    const { deps, sent } = world();
    const emails = new JobFailureEmails(deps);
    const outcomes = await Promise.all([emails.notify(failed()), emails.notify(failed()), new JobFailureEmails(deps).notify(failed())]);
    expect(outcomes.sort()).toEqual(['already-sent', 'already-sent', 'sent']);
    expect(sent).toHaveLength(1);
    expect(await emails.notify(failed({ id: 'task-456' }))).toBe('sent');
    expect(sent).toHaveLength(2);
  });

  it('nothing with the e-mail notifications preference off; the usage alerts preference does not matter', async () => {
    const { deps, rows, sent, claimed } = world();
    rows.set('u1', { userId: 'u1', emailNotifications: false, apiUsageAlerts: true });
    expect(await new JobFailureEmails(deps).notify(failed())).toBe('preference-off');
    rows.set('u1', { userId: 'u1', emailNotifications: true, apiUsageAlerts: false });
    expect(await new JobFailureEmails(deps).notify(failed({ id: 'task-2' }))).toBe('sent');
    expect(sent.map((m) => m.subject)).toEqual(['FrameForge job failed: /cut (task task-2)']);
    expect(claimed.has('jobmail#task-123')).toBe(false);
  });

  it('nothing for jobs that did not fail', async () => {
    const { deps, sent } = world();
    for (const status of ['completed', 'canceled', 'processing'] as const) {
      expect(await new JobFailureEmails(deps).notify(failed({ status, error: null }))).toBe('not-failed');
    }
    expect(sent).toHaveLength(0);
  });
});

describe('firstLineOf', () => {
  it('skips blank lines, keeps long lines short, and says something when there is no error', () => {
    expect(firstLineOf(failed({ error: { code: 'x', message: '\n  Error: the input is not a video.  \ndetail', param: null, hint: null } }))).toBe(
      'Error: the input is not a video.',
    );
    const long = firstLineOf(failed({ error: { code: 'x', message: `Error: ${'a'.repeat(500)}`, param: null, hint: null } }));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
    expect(firstLineOf(failed({ error: null }))).toBe('Error: the job failed.');
  });
});
