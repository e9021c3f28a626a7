import type { JobSecrets } from '../contracts/media-jobs';
import type { Sealer } from '../../../kernel/domain/sealer';

export type JobSecretName = keyof JobSecrets;

/** The job a secret travels with. */
export interface SecretOwner {
  userId: string;
  jobId: string;
}

/**
 * The sealing context of one secret of one job: the API seals and the worker
 * opens with exactly this, so a sealed value copied into another user's or
 * job's message does not open.
 */
export function jobSecretContext(purpose: JobSecretName, owner: SecretOwner): Record<string, string> {
  return { purpose, userId: owner.userId, jobId: owner.jobId };
}

const presentEntries = (secrets: JobSecrets) =>
  (Object.entries(secrets) as [JobSecretName, string | undefined][]).filter(
    (entry): entry is [JobSecretName, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );

/** The secrets to put into a job's message, each sealed; undefined when there are none. */
export async function sealJobSecrets(sealer: Sealer, owner: SecretOwner, plain: JobSecrets): Promise<JobSecrets | undefined> {
  const entries = presentEntries(plain);
  if (!entries.length) return undefined;
  const sealed = await Promise.all(entries.map(async ([name, value]) => [name, await sealer.seal(value, jobSecretContext(name, owner))] as const));
  return Object.fromEntries(sealed);
}

/** A job message's secrets, opened; `SealedValueError` when one does not open for this job. */
export async function openJobSecrets(sealer: Sealer, message: SecretOwner & { secrets?: JobSecrets }): Promise<JobSecrets> {
  const entries = presentEntries(message.secrets ?? {});
  const opened = await Promise.all(entries.map(async ([name, value]) => [name, await sealer.open(value, jobSecretContext(name, message))] as const));
  return Object.fromEntries(opened);
}
