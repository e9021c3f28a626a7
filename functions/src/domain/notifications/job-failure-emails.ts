import { pathOfJobType } from '../../contracts/product-endpoints';
import type { JobRecord } from '../jobs/job';
import { preferencesOf } from '../profiles/profile';
import { noticeHtml, noticeText } from './email-layout';
import { epochSeconds, sendOnce, type NoticeDeps, type NoticeOutcome } from './notice-delivery';

/** Longer than a job's message can come back (SQS keeps messages at most 14 days). */
const CLAIM_LIFETIME_SECONDS = 15 * 86_400;
const MAX_LINE = 300;

export type FailedJob = Pick<JobRecord, 'id' | 'userId' | 'endpoint' | 'status' | 'error'>;

/** The first line of the job's error: what went wrong in plain words (the detail lines stay in the logs). */
export function firstLineOf(job: FailedJob): string {
  const line = job.error?.message.split('\n').map((l) => l.trim()).find(Boolean) ?? 'Error: the job failed.';
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
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
    if (!preferencesOf(await this.deps.profiles.get(job.userId)).emailNotifications) return 'preference-off';
    const now = this.deps.now?.() ?? new Date();
    const endpoint = pathOfJobType(job.endpoint);
    const portal = this.deps.portalUrl.replace(/\/+$/, '');
    const content = {
      title: `Your ${endpoint} job failed`,
      paragraphs: [`Task id: ${job.id}`, `What went wrong: ${firstLineOf(job)}`, 'GET /task/{id} and the API logs in the portal show the details.'],
      // The logs page opens searched on this task: its row shows the failure and View Error the details.
      action: { label: 'Open the API logs', href: `${portal}/api-logs?q=${encodeURIComponent(job.id)}` },
      footnote: 'You get these e-mails because e-mail notifications are on. Turn them off under Settings.',
    };
    return sendOnce(
      this.deps,
      { id: `jobmail#${job.id}`, expiresAtSeconds: epochSeconds(now) + CLAIM_LIFETIME_SECONDS },
      job.userId,
      { subject: `FrameForge job failed: ${endpoint} (task ${job.id})`, text: noticeText(content), html: noticeHtml(content) },
    );
  }
}
