import { TEST_MODE, type ApiKeyMode } from '../../../kernel/contracts/key-modes';
import { planByTier, type Tier } from '../../../kernel/contracts/plans';

/**
 * How many of one user's jobs run at once, by tier (fair use; Elite's is the
 * highest). Jobs beyond it are accepted and wait `queued`, showing their
 * place in the line; they are never refused.
 */
export const CONCURRENT_JOBS: Readonly<Record<Tier, number>> = { basic: planByTier('basic').concurrentJobs, boost: planByTier('boost').concurrentJobs, elite: planByTier('elite').concurrentJobs };

/** Whose slots test jobs hold: their owner's, kept apart from the plan's so test work never holds a live job back. */
export const testSlotOwner = (userId: string): string => `${userId}#test`;

/** The slots a job runs in (by owner) and how many there are. */
export function slotsOf(job: { userId: string; tier: Tier; mode?: ApiKeyMode | undefined }): { owner: string; cap: number } {
  return job.mode === 'test' ? { owner: testSlotOwner(job.userId), cap: TEST_MODE.concurrentJobs } : { owner: job.userId, cap: CONCURRENT_JOBS[job.tier] };
}

/**
 * Running-job slots per user, each held by one job under a lease (renewed
 * with the job's own), so a worker that dies never keeps a slot for long.
 */
export interface JobSlots {
  /** Takes (or keeps, for the job that holds it) a slot; false when all are held. */
  acquire(userId: string, jobId: string, cap: number, untilMs: number, nowMs: number): Promise<boolean>;
  renew(userId: string, jobId: string, untilMs: number): Promise<void>;
  release(userId: string, jobId: string): Promise<void>;
}
