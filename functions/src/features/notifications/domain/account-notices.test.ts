import { AccountDeletion } from '../../account/domain/account-deletion';
import { ALICE, NOW, World } from '../../account/domain/test-support';
import type { SubscriptionSnapshot } from '../../billing/domain/billing';
import type { ProfileRecord } from '../../profiles/domain/profile';
import { AccountDeletedNotices } from './account-deleted-notice';
import { EmailChangeNotices, type KnownAddresses } from '../../account/domain/email-change-notice';
import type { EmailMessage } from './email-sender';
import type { NoticeDeps } from './notice-delivery';
import { formatMoment, maskAddress } from './notice-format';
import { SubscriptionNotices } from './subscription-notices';

const PORTAL = 'https://portal.example';

function memoryAddresses(): KnownAddresses & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    stored,
    get: (userId) => Promise.resolve(stored.get(userId)),
    replace: (userId, expected, next) => {
      if (stored.get(userId) !== expected) return Promise.resolve(false);
      stored.set(userId, next);
      return Promise.resolve(true);
    },
  };
}

function outbox(failTimes = 0) {
  const sent: EmailMessage[] = [];
  let failures = failTimes;
  return {
    sent,
    send: (message: EmailMessage) => {
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('mail server down'));
      }
      sent.push(message);
      return Promise.resolve();
    },
  };
}

function noticeDeps(overrides: Partial<NoticeDeps> = {}, profile: ProfileRecord | undefined = undefined) {
  const marks = new Set<string>();
  const sender = outbox();
  const deps: NoticeDeps = {
    profiles: { get: () => Promise.resolve(profile) },
    directory: { emailOf: () => Promise.resolve('alice@example.com') },
    sender,
    claims: {
      claim: (id) => Promise.resolve(marks.has(id) ? false : (marks.add(id), true)),
      release: (id) => Promise.resolve(void marks.delete(id)),
    },
    portalUrl: PORTAL,
    now: () => NOW,
    ...overrides,
  };
  return { deps, sent: sender.sent, marks };
}

describe('how notices write addresses and moments', () => {
  it('hides most of the name, keeps the domain', () => {
    expect(maskAddress('jonathan@example.com')).toBe('jo***@example.com');
    expect(maskAddress('ann@example.com')).toBe('a***@example.com');
    expect(maskAddress('not-an-address')).toBe('***');
  });

  it("writes the moment in the user's time zone", () => {
    expect(formatMoment(NOW, 'Asia/Tokyo')).toBe('1 March 2025 at 21:00 GMT+9');
    expect(formatMoment(NOW, 'Nowhere/Else')).toBe('1 March 2025 at 12:00 UTC');
  });
});

describe('the notice to the old address after an e-mail change', () => {
  const setup = (failTimes = 0) => {
    const addresses = memoryAddresses();
    const sender = outbox(failTimes);
    const notices = new EmailChangeNotices({ addresses, sender, profiles: { get: () => Promise.resolve({ userId: ALICE, timezone: 'Europe/Paris' }) }, portalUrl: PORTAL, now: () => NOW });
    return { addresses, sent: sender.sent, notices };
  };

  it('records the first address, says nothing while it stays, and tells the old one when it changes', async () => {
    const { notices, sent } = setup();
    await expect(notices.observe(ALICE, 'alice@example.com')).resolves.toBe('recorded');
    await expect(notices.observe(ALICE, 'Alice@Example.com')).resolves.toBe('unchanged');
    expect(sent).toEqual([]);
    await expect(notices.observe(ALICE, 'alice.new@elsewhere.example')).resolves.toBe('sent');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.to).toBe('alice@example.com');
    expect(mail?.subject).toBe('Your FrameForge e-mail address was changed');
    expect(mail?.text).toContain('changed to al***@elsewhere.example on 1 March 2025 at 13:00 CET.');
    expect(mail?.text).toMatch(/If you did not, someone else may have access to your account/);
    expect(mail?.text).not.toContain('alice.new@elsewhere.example');
    await expect(notices.observe(ALICE, 'alice.new@elsewhere.example')).resolves.toBe('unchanged');
  });

  it('tells the change once when two token issues race, and again later when sending failed', async () => {
    const { notices, sent, addresses } = setup(1);
    await notices.observe(ALICE, 'alice@example.com');
    await expect(notices.observe(ALICE, 'new@example.com')).rejects.toThrow('mail server down');
    expect(addresses.stored.get(ALICE)).toBe('alice@example.com');
    const outcomes = await Promise.all([notices.observe(ALICE, 'new@example.com'), notices.observe(ALICE, 'new@example.com')]);
    expect(outcomes.sort()).toEqual(['raced', 'sent']);
    expect(sent.map((m) => m.to)).toEqual(['alice@example.com']);
  });
});

describe('the confirmation of an account deletion', () => {
  it('reads the address before anything is deleted and sends the confirmation once the user is gone', async () => {
    const world = new World();
    const order: string[] = [];
    const { deps, sent } = noticeDeps(
      {
        directory: { emailOf: (userId) => (order.push(`lookup:${world.users.has(userId)}`), Promise.resolve('alice@example.com')) },
        sender: { send: (message) => (order.push(`send:${world.users.has(ALICE)}`), sent.push(message), Promise.resolve()) },
      },
      { userId: ALICE, timezone: 'America/New_York' },
    );
    const result = await new AccountDeletion(world.stores(), { now: () => NOW, confirmations: new AccountDeletedNotices(deps) }).deleteAccount(ALICE);
    expect(result).toEqual({ confirmation: 'sent' });
    expect(order).toEqual(['lookup:true', 'send:false']);
    expect(sent[0]?.to).toBe('alice@example.com');
    expect(sent[0]?.subject).toBe('Your FrameForge account was deleted');
    expect(sent[0]?.text).toContain('1 March 2025 at 07:00 GMT-5');
    expect(sent[0]?.text).toMatch(/API keys, request logs, jobs and their files/);
  });

  it('reports a confirmation that could not be sent without failing the finished deletion, and sends it once', async () => {
    const world = new World();
    const failing = noticeDeps({ sender: outbox(1) });
    await expect(new AccountDeletion(world.stores(), { now: () => NOW, confirmations: new AccountDeletedNotices(failing.deps) }).deleteAccount(ALICE)).resolves.toMatchObject({ confirmation: 'failed' });
    expect(world.users.has(ALICE)).toBe(false);
    const { deps, sent } = noticeDeps();
    const notices = new AccountDeletedNotices(deps);
    const [first, second] = await Promise.all([notices.prepare(ALICE), notices.prepare(ALICE)]);
    await expect(Promise.all([first(), second()])).resolves.toEqual(['sent', 'already-sent']);
    expect(sent).toHaveLength(1);
  });
});

describe('billing e-mails', () => {
  const subscription = (changes: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    itemId: 'si_1',
    priceId: 'price_boost',
    currentPeriodStart: Date.parse('2025-03-01T00:00:00Z') / 1000,
    currentPeriodEnd: Date.parse('2025-04-01T00:00:00Z') / 1000,
    cancelAtPeriodEnd: false,
    paymentMethodBrand: 'visa',
    paymentMethodLast4: '4242',
    ...changes,
  });

  it('says nothing of an active subscription', async () => {
    const { deps, sent } = noticeDeps();
    await expect(new SubscriptionNotices(deps).afterSync(ALICE, subscription({}), 'boost')).resolves.toBe('nothing-to-tell');
    expect(sent).toEqual([]);
  });

  it('tells a cancellation once, whether it is scheduled, then ends, or arrives twice', async () => {
    const { deps, sent } = noticeDeps({}, { userId: ALICE, timezone: 'Asia/Tokyo' });
    const notices = new SubscriptionNotices(deps);
    await expect(notices.afterSync(ALICE, subscription({ cancelAtPeriodEnd: true }), 'boost')).resolves.toBe('sent');
    await expect(notices.afterSync(ALICE, subscription({ cancelAtPeriodEnd: true }), 'boost')).resolves.toBe('already-sent');
    await expect(notices.afterSync(ALICE, subscription({ cancelAtPeriodEnd: true, status: 'canceled' }), 'boost')).resolves.toBe('already-sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Your FrameForge Boost subscription was cancelled');
    expect(sent[0]?.text).toContain('ends on 1 April 2025');
    expect(sent[0]?.text).toContain(`${PORTAL}/subscription`);
  });

  it('tells an immediate cancellation that the subscription has ended', async () => {
    const { deps, sent } = noticeDeps();
    await new SubscriptionNotices(deps).afterSync(ALICE, subscription({ status: 'canceled' }), 'basic');
    expect(sent[0]?.text).toMatch(/Your Basic subscription has ended\. Your API keys no longer accept requests/);
  });

  it('tells a failed payment once per period, with the link to update the card', async () => {
    const { deps, sent } = noticeDeps();
    const notices = new SubscriptionNotices(deps);
    await expect(notices.afterSync(ALICE, subscription({ status: 'past_due' }), 'elite')).resolves.toBe('sent');
    await expect(notices.afterSync(ALICE, subscription({ status: 'past_due' }), 'elite')).resolves.toBe('already-sent');
    const nextPeriod = subscription({ status: 'past_due', currentPeriodEnd: Date.parse('2025-05-01T00:00:00Z') / 1000 });
    await expect(notices.afterSync(ALICE, nextPeriod, 'elite')).resolves.toBe('sent');
    expect(sent.map((m) => m.subject)).toEqual(['Action needed: your FrameForge payment failed', 'Action needed: your FrameForge payment failed']);
    expect(sent[0]?.html).toContain(`href="${PORTAL}/subscription"`);
    expect(sent[0]?.text).toContain('Update your card');
  });
});
