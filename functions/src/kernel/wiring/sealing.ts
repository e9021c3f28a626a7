import { createSealer } from '../adapters/sealing';
import type { Sealer } from '../domain/sealer';
import { hasOneSealingKey, oneSealingKeyIssue } from '../config/env';
import { configOf, once } from './shared';

const env = configOf('AWS_REGION', 'SEALING_KMS_KEY_ID', 'SEALING_KEY_FILE');

/** Seals secrets at rest: with the KMS key on AWS, with the local key file on the local stack. */
export const sealer = once((): Sealer => {
  // Checked on first use: the key functions that only list or revoke never seal, and are not given the key.
  if (!hasOneSealingKey(env)) throw new Error(`Invalid configuration: ${oneSealingKeyIssue.path.join('.')}: ${oneSealingKeyIssue.message}`);
  return createSealer(env);
});

/** The same sealer, built on its first seal or open: a service that may never seal can hold it without the key. */
export const sealerOnUse: Sealer = {
  seal: (plaintext, context) => sealer().seal(plaintext, context),
  open: (sealed, context) => sealer().open(sealed, context),
};
