import type { SealingConfig } from '../config/env';
import type { Sealer } from '../domain/sealer';
import { KeyFileSealer } from './key-file/key-file-sealer';
import { loadedOnUse } from './loaded-on-use';

/**
 * The sealer configuration names, shared by the API and the worker: a KMS
 * key on AWS (its client loaded by the first seal or open, see loadedOnUse),
 * a key file on the local stack.
 */
export function createSealer(config: SealingConfig & { AWS_REGION: string }): Sealer {
  const keyId = config.SEALING_KMS_KEY_ID;
  if (keyId) {
    const kms = loadedOnUse(async () => {
      const [{ KMSClient }, { KmsSealer }] = await Promise.all([import('@aws-sdk/client-kms'), import('./kms/kms-sealer')]);
      return new KmsSealer(new KMSClient({ region: config.AWS_REGION }), keyId);
    });
    return {
      seal: async (plaintext, context) => (await kms()).seal(plaintext, context),
      open: async (sealed, context) => (await kms()).open(sealed, context),
    };
  }
  if (config.SEALING_KEY_FILE) return new KeyFileSealer(config.SEALING_KEY_FILE);
  throw new Error('No sealing key is configured: set SEALING_KMS_KEY_ID or SEALING_KEY_FILE.');
}
