import { pathOfJobType } from '../../jobs/contracts/product-endpoints';
import type { JobRecord } from '../../jobs/domain/job';
import { preferencesOf } from '../../profiles/domain/profile';
import type { Language } from '../../profiles/contracts/profile';
import { noticeHtml, noticeText, type NoticeContent } from './email-layout';
import type { EmailMessage } from './email-sender';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';
import { emailTextsFor } from './texts';

/** Longer than a job's message can come back (SQS keeps messages at most 14 days). */
const CLAIM_LIFETIME_SECONDS = 15 * 86_400;
const MAX_LINE = 300;

export type FailedJob = Pick<JobRecord, 'id' | 'userId' | 'endpoint' | 'status' | 'error'>;

/** The first line of the job's error: what went wrong in plain words (the detail lines stay in the logs). */
export function firstLineOf(job: FailedJob, language: Language = 'en'): string {
  const line = job.error?.message.split('\n').map((l) => l.trim()).find(Boolean) ?? emailTextsFor(language).jobFailure.unknownError;
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** The failure's e-mail, in the user's language; the error line itself stays as the job wrote it. */
export function jobFailedEmail(job: FailedJob, portalUrl: string, language: Language = 'en'): Omit<EmailMessage, 'to'> {
  const texts = emailTextsFor(language).jobFailure;
  const endpoint = pathOfJobType(job.endpoint);
  const content: NoticeContent = {
    title: texts.title(endpoint),
    paragraphs: [texts.taskId(job.id), texts.whatWentWrong(firstLineOf(job, language)), texts.details],
    // The logs page opens searched on this task: its row shows the failure and View Error the details.
    action: { label: texts.action, href: `${portalUrl.replace(/\/+$/, '')}/api-logs?q=${encodeURIComponent(job.id)}` },
    footnote: texts.footnote,
  };
  return { subject: texts.subject(endpoint, job.id), text: noticeText(content), html: noticeHtml(content, language) };
}

/**
 * One e-mail per failed job, with its task id and what went wrong, for users
 * whose e-mail notifications preference is on. The job's id is claimed
 * first, so a redelivered message or a second worker never mails it twice.
 */
export class JobFailureEmails {
  constructor(private readonly deps: NoticeDeps) {}

  async notify(job: FailedJob): Promise<NoticeOutcome | 'not-failed'> {
    if (job.status !== 'failed') return 'not-failed';
    const { emailNotifications, language } = preferencesOf(await this.deps.profiles.get(job.userId));
    if (!emailNotifications) return 'preference-off';
    const now = this.deps.now?.() ?? new Date();
    return sendOnce(
      this.deps,
      { id: `jobmail#${job.id}`, expiresAtSeconds: epochSeconds(now) + CLAIM_LIFETIME_SECONDS },
      job.userId,
      jobFailedEmail(job, this.deps.portalUrl, language),
    );
  }
}
