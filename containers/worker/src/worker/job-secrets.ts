import { createSealer, openJobSecrets, SealedValueError, type Sealer } from '@frameforge/functions/jobs';
import type { MediaJobMessage } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { loadWorkerConfig } from '../config';
import { InputRejectedError, type OperationSecrets } from '../operations/operation';

let configured: Sealer | undefined;

/** The sealer this process's configuration names, made on first use (as the providers are). */
function workerSealer(): Sealer {
  configured ??= createSealer(loadWorkerConfig());
  return configured;
}

/**
 * Opens the secrets a job's message carries, for this run only. A value that
 * does not open for this job will never open: the job fails at once. A key
 * service that cannot be reached is ours, and the job is tried again.
 */
export async function openSecrets(message: MediaJobMessage, sealer?: Sealer): Promise<OperationSecrets> {
  if (!message.secrets || !Object.keys(message.secrets).length) return {};
  try {
    const opened = await openJobSecrets(sealer ?? workerSealer(), message);
    return { elevenlabsKey: opened.elevenlabs_key };
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    throw new InputRejectedError({
      code: 'secret_unreadable',
      message: 'Error: a key sent with the job could not be read.',
      param: null,
      hint: 'Send the job again with the key.',
    });
  }
}

const MASK = '[redacted]';
const MAX_DEPTH = 8;

/**
 * Runs an operation so that nothing it throws carries a secret of the job:
 * whatever a provider or a library echoed (a key in an error message, a
 * header in a detail) is masked before the error is logged or becomes the
 * job's error.
 */
export async function withSecretsHidden<T>(secrets: OperationSecrets, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw hideSecrets(error, Object.values(secrets));
  }
}

/** The error with every occurrence of the given secrets masked, in place where it can be changed. */
export function hideSecrets(error: unknown, secrets: readonly (string | undefined)[]): unknown {
  const values = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0);
  if (!values.length) return error;
  const masked = maskIn(error, values, new Set(), 0);
  if (masked instanceof Error && holds(`${masked.message}\n${masked.stack ?? ''}`, values)) {
    // A frozen error could not be changed: a plain one with its masked message goes on instead.
    return new Error(mask(masked.message, values));
  }
  return masked;
}

const mask = (text: string, values: readonly string[]) => values.reduce((out, value) => out.split(value).join(MASK), text);
const holds = (text: string, values: readonly string[]) => values.some((value) => text.includes(value));

/** Errors, arrays and plain objects are walked (a job error, a cause, a detail); other objects are left alone. */
function walkable(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return value instanceof Error || Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

function maskIn(value: unknown, values: readonly string[], seen: Set<object>, depth: number): unknown {
  if (typeof value === 'string') return mask(value, values);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || seen.has(value) || !walkable(value)) return value;
  seen.add(value);
  // message, stack, cause and errors are an Error's own but not enumerable.
  const keys = new Set([...Object.keys(value), ...(value instanceof Error ? ['message', 'stack', 'cause', 'errors'] : [])]);
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const current: unknown = Reflect.get(value, key);
    const masked = maskIn(current, values, seen, depth + 1);
    if (masked !== current) Reflect.set(value, key, masked);
  }
  return value;
}
