import type { Tier } from '../../../kernel/contracts/plans';
import { requestsPerMinute, type RateWindow } from '../../../kernel/limits/rate-limit';
import type { ProfileRecord } from '../../profiles/domain/profile';
import type { EmailMessage } from './email-sender';
import type { NoticeDeps } from './notice-delivery';
import { rateAlertReason } from '../../../kernel/limits/usage-alert-reason';
import { UsageAlerts } from './usage-alerts';

const PORTAL = 'https://portal.example.com';

/** In-memory profiles, directory, sender and claims: what the alerts read and write. */
function world(start = new Date('2026-03-10T23:59:30Z')) {
  const rows = new Map<string, ProfileRecord>();
  const claims = new Map<string, number>();
  const sent: EmailMessage[] = [];
  const clock = { now: start };
  const deps: NoticeDeps = {
    profiles: { get: (userId) => Promise.resolve(rows.get(userId)) },
    directory: { emailOf: (userId) => Promise.resolve(userId.startsWith('gone') ? undefined : `${userId}@example.com`) },
    sender: {
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    },
    claims: {
      claim: (id, expiresAt) => {
        if (claims.has(id)) return Promise.resolve(false);
        claims.set(id, expiresAt);
        return Promise.resolve(true);
      },
      release: (id) => {
        claims.delete(id);
        return Promise.resolve();
      },
    },
    portalUrl: PORTAL,
    now: () => clock.now,
  };
  return { deps, rows, claims, sent, clock };
}

const window = (limit: number, used: number): RateWindow => ({ allowed: used <= limit, limit, remaining: Math.max(0, limit - used), resetSeconds: 30 });
const rate = (tier: Tier, used: number) => ({ kind: 'rate' as const, limit: requestsPerMinute(tier) ?? 0, used, tier });

describe('the 80% threshold', () => {
  it.each([
    ['basic', 3, 2, 3],
    ['boost', 5, 3, 4],
  ] as const)('%s (%i a minute): %i used is below, %i used reaches it', (tier, limit, below, at) => {
    expect(requestsPerMinute(tier)).toBe(limit);
    expect(rateAlertReason(window(limit, below), tier)).toBeNull();
    expect(rateAlertReason(window(limit, at), tier)).toEqual({ kind: 'rate', limit, used: at, tier });
  });

  it('counts exactly at 80% (8 of 10) and not just below (7 of 10)', () => {
    expect(rateAlertReason(window(10, 8), 'boost')).toMatchObject({ used: 8 });
    expect(rateAlertReason(window(10, 7), 'boost')).toBeNull();
  });

  it('a refused request leaves the window full: it qualifies', () => {
    expect(rateAlertReason({ allowed: false, limit: 3, remaining: 0, resetSeconds: 12 }, 'basic')).toEqual(rate('basic', 3));
  });

  it('Elite has no per-minute limit, so no window to alert on', () => {
    expect(requestsPerMinute('elite')).toBeNull();
  });
});

describe('UsageAlerts', () => {
  it('sends one e-mail with the figures and the upgrade link to the user’s address', async () => {
    const { deps, sent } = world();
    await expect(new UsageAlerts(deps).notify('u1', { kind: 'rate', limit: 3, used: 3, tier: 'basic' })).resolves.toBe('sent');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.to).toBe('u1@example.com');
    expect(mail?.subject).toMatch(/usage alert/i);
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain('3 of its 3 requests');
      expect(body).toContain('(100%)');
      expect(body).toContain('Basic plan');
      expect(body).toContain(`${PORTAL}/subscription`);
    }
  });

  it('says what a Boost key used (4 of 5, 80%)', async () => {
    const { deps, sent } = world();
    await new UsageAlerts(deps).notify('u1', { kind: 'rate', limit: 5, used: 4, tier: 'boost' });
    expect(sent[0]?.text).toContain('4 of its 5 requests');
    expect(sent[0]?.text).toContain('(80%)');
    expect(sent[0]?.text).toContain('Boost plan');
  });

  it('the concurrency cap: the cap and the plan in words, with the upgrade link', async () => {
    const { deps, sent } = world();
    await expect(new UsageAlerts(deps).notify('u1', { kind: 'concurrency', cap: 1, tier: 'basic' })).resolves.toBe('sent');
    expect(sent[0]?.subject).toMatch(/usage alert/i);
    expect(sent[0]?.text).toContain('limit of 1 job running at once');
    expect(sent[0]?.text).toContain(`${PORTAL}/subscription`);
  });

  it('at most one a day per user, whatever the reason, also across instances; the next UTC day again', async () => {
    const { deps, sent, claims, clock } = world(new Date('2026-03-10T08:00:00Z'));
    const alerts = new UsageAlerts(deps);
    expect(await alerts.notify('u1', rate('basic', 3))).toBe('sent');
    expect(await alerts.notify('u1', { kind: 'concurrency', cap: 1, tier: 'basic' })).toBe('already-sent');
    // Another Lambda instance or the worker: no memory of its own, the claim stops it.
    expect(await new UsageAlerts(deps).notify('u1', rate('basic', 3))).toBe('already-sent');
    // Another user is not affected.
    expect(await alerts.notify('u2', rate('basic', 3))).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual(['u1@example.com', 'u2@example.com']);
    const expiresAt = claims.get('alert#u1#2026-03-10');
    expect(expiresAt).toBe(Date.parse('2026-03-10T08:00:00Z') / 1000 + 2 * 86_400);

    clock.now = new Date('2026-03-11T00:00:01Z');
    expect(await alerts.notify('u1', rate('basic', 3))).toBe('sent');
    expect(sent).toHaveLength(3);
  });

  it('racing triggers send one e-mail', async () => {
    const { deps, sent } = world();
    const instances = Array.from({ length: 5 }, () => new UsageAlerts(deps));
    const outcomes = await Promise.all(instances.map((alerts) => alerts.notify('u1', rate('basic', 3))));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('with the preference off: nothing is sent or claimed', async () => {
    const { deps, rows, sent, claims } = world();
    rows.set('u1', { userId: 'u1', apiUsageAlerts: false });
    const alerts = new UsageAlerts(deps);
    expect(await alerts.notify('u1', { kind: 'rate', limit: 3, used: 3, tier: 'basic' })).toBe('preference-off');
    expect(await alerts.notify('u1', { kind: 'concurrency', cap: 1, tier: 'basic' })).toBe('preference-off');
    expect(sent).toHaveLength(0);
    expect(claims.size).toBe(0);
    // Turned back on the same day: the next trigger sends.
    rows.set('u1', { userId: 'u1', apiUsageAlerts: true });
    expect(await alerts.notify('u1', rate('basic', 3))).toBe('sent');
  });

  it('the preference defaults to on (no profile row)', async () => {
    const { deps, sent } = world();
    expect(await new UsageAlerts(deps).notify('new-user', rate('basic', 3))).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('a send that fails gives the day back: a later trigger sends', async () => {
    const { deps, sent, claims } = world();
    const send = deps.sender.send;
    deps.sender.send = () => Promise.reject(new Error('mail server down'));
    const alerts = new UsageAlerts(deps);
    await expect(alerts.notify('u1', rate('basic', 3))).rejects.toThrow('mail server down');
    expect(claims.size).toBe(0);
    deps.sender.send = send;
    expect(await alerts.notify('u1', rate('basic', 3))).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('a user without an address gets nothing, and is not looked up again that day', async () => {
    const { deps, sent } = world();
    const emailOf = jest.fn(deps.directory.emailOf);
    deps.directory.emailOf = emailOf;
    const alerts = new UsageAlerts(deps);
    expect(await alerts.notify('gone-1', rate('basic', 3))).toBe('no-address');
    expect(await alerts.notify('gone-1', rate('basic', 3))).toBe('already-sent');
    expect(emailOf).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(0);
  });

  it('Elite at its cap: the link shows the plan instead of an upgrade', async () => {
    const { deps, sent } = world();
    await new UsageAlerts(deps).notify('u1', { kind: 'concurrency', cap: 5, tier: 'elite' });
    expect(sent[0]?.text).toContain('limit of 5 jobs running at once');
    expect(sent[0]?.text).toContain(`See your plan: ${PORTAL}/subscription`);
  });
});
