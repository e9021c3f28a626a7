import type { Language } from '../../profiles/contracts/profile';
import { renderAuthEmail } from '../../account/domain/auth/auth-emails';
import type { ProfileRecord } from '../../profiles/domain/profile';
import { accountDeletedEmail } from './account-deleted-notice';
import { emailChangedEmail } from '../../account/domain/email-change-notice';
import type { EmailMessage } from './email-sender';
import { jobFailedEmail, JobFailureEmails, type FailedJob } from './job-failure-emails';
import type { NoticeDeps } from './notice-delivery';
import { paymentFailedEmail, subscriptionCancelledEmail } from './subscription-notices';
import { EMAIL_TEXTS } from './texts';
import { usageAlertEmail } from './usage-alert-email';
import { UsageAlerts } from './usage-alerts';

const PORTAL = 'https://portal.example';
const AT = new Date('2025-03-01T12:00:00Z');
const ARABIC_LETTERS = /[\u0600-\u06FF]/;

type Mail = Pick<EmailMessage, 'subject' | 'html'>;

/** One e-mail of every kind the product sends, in the given language. */
function everyKind(language: Language) {
  const auth = (source: string): Mail => {
    const mail = renderAuthEmail(source, { email: 'a@example.com', codePlaceholder: '{####}', portalUrl: PORTAL, portalApiUrl: PORTAL, language });
    if (!mail) throw new Error(`no e-mail for ${source}`);
    return mail;
  };
  return {
    usageAlert: usageAlertEmail({ kind: 'rate', limit: 100, used: 85, tier: 'boost' }, PORTAL, language),
    jobFailure: jobFailedEmail({ id: 'task-1', userId: 'u1', endpoint: 'cut', status: 'failed', error: { code: 'x', message: 'Error: bad input', param: null, hint: null } }, PORTAL, language),
    cancelled: subscriptionCancelledEmail({ tier: 'boost', endsAt: AT, ended: false, timeZone: 'UTC', portalUrl: PORTAL, language }),
    paymentFailed: paymentFailedEmail({ tier: 'boost', portalUrl: PORTAL, language }),
    accountDeleted: accountDeletedEmail({ at: AT, timeZone: 'UTC', portalUrl: PORTAL, language }),
    emailChanged: emailChangedEmail({ newAddress: 'new@example.com', at: AT, timeZone: 'UTC', portalUrl: PORTAL, language }),
    signUp: auth('CustomMessage_SignUp'),
    forgotPassword: auth('CustomMessage_ForgotPassword'),
    newAddress: auth('CustomMessage_UpdateUserAttribute'),
  };
}

describe('e-mails in the reader’s language', () => {
  it.each(Object.entries<Mail>(everyKind('ar')))('Arabic %s reads right to left with an Arabic subject', (_kind, mail) => {
    expect(mail.html).toMatch(/^<div lang="ar" dir="rtl"/);
    expect(mail.subject).toMatch(ARABIC_LETTERS);
  });

  it.each(Object.entries<Mail>(everyKind('de')))('German %s reads left to right with the German subject', (_kind, mail) => {
    expect(mail.html).toMatch(/^<div lang="de" dir="ltr"/);
    expect(mail.subject).not.toMatch(ARABIC_LETTERS);
  });

  it('says the German texts, with the figures and dates in German', () => {
    const german = everyKind('de');
    expect(german.usageAlert.subject).toBe(EMAIL_TEXTS.de.usageAlert.rateSubject(85, 100));
    expect(german.signUp.subject).toBe('Bestätigen Sie Ihre FrameForge-E-Mail-Adresse');
    expect(german.cancelled.html).toContain('1. März 2025');
    expect(german.jobFailure.subject).toBe('FrameForge-Job fehlgeschlagen: /cut (Task task-1)');
  });

  it('writes Arabic dates with the portal’s Latin digits', () => {
    expect(everyKind('ar').accountDeleted.html).toMatch(/2025/);
  });

  it('keeps English, left to right, when no language is given', () => {
    const mail = usageAlertEmail({ kind: 'concurrency', cap: 2, tier: 'boost' }, PORTAL);
    expect(mail.html).toMatch(/^<div lang="en" dir="ltr"/);
    expect(mail.subject).toContain('2 jobs at once');
  });
});

describe('notices look the language up in the recipient’s profile', () => {
  function deps(profile: ProfileRecord | undefined) {
    const sent: EmailMessage[] = [];
    const noticeDeps: NoticeDeps = {
      profiles: { get: () => Promise.resolve(profile) },
      directory: { emailOf: () => Promise.resolve('alice@example.com') },
      sender: { send: (message) => Promise.resolve(void sent.push(message)) },
      claims: { claim: () => Promise.resolve(true), release: () => Promise.resolve() },
      portalUrl: PORTAL,
      now: () => AT,
    };
    return { noticeDeps, sent };
  }

  it('a usage alert goes out in Russian for a user whose language is ru', async () => {
    const { noticeDeps, sent } = deps({ userId: 'u1', language: 'ru' });
    await expect(new UsageAlerts(noticeDeps).notify('u1', { kind: 'concurrency', cap: 5, tier: 'boost' })).resolves.toBe('sent');
    expect(sent[0]?.subject).toBe(EMAIL_TEXTS.ru.usageAlert.concurrencySubject('Boost', 5));
    expect(sent[0]?.html).toContain('lang="ru"');
  });

  it('a job failure goes out in Arabic for ar, and in English without a profile', async () => {
    const job: FailedJob = { id: 'task-9', userId: 'u1', endpoint: 'cut', status: 'failed', error: { code: 'x', message: 'boom', param: null, hint: null } };
    const arabic = deps({ userId: 'u1', language: 'ar' });
    await new JobFailureEmails(arabic.noticeDeps).notify(job);
    expect(arabic.sent[0]?.html).toMatch(/^<div lang="ar" dir="rtl"/);
    const none = deps(undefined);
    await new JobFailureEmails(none.noticeDeps).notify(job);
    expect(none.sent[0]?.subject).toBe('FrameForge job failed: /cut (task task-9)');
  });
});
