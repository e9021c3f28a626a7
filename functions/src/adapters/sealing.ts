import { KMSClient } from '@aws-sdk/client-kms';
import type { SealingConfig } from '../config/env';
import type { Sealer } from '../domain/shared/sealer';
import { KeyFileSealer } from './key-file/key-file-sealer';
import { KmsSealer } from './kms/kms-sealer';

/**
 * The sealer configuration names, shared by the API and the worker: a KMS
 * key on AWS, a key file on the local stack.
 */
export function createSealer(config: SealingConfig & { AWS_REGION: string }): Sealer {
  if (config.SEALING_KMS_KEY_ID) return new KmsSealer(new KMSClient({ region: config.AWS_REGION }), config.SEALING_KMS_KEY_ID);
  if (config.SEALING_KEY_FILE) return new KeyFileSealer(config.SEALING_KEY_FILE);
  throw new Error('No sealing key is configured: set SEALING_KMS_KEY_ID or SEALING_KEY_FILE.');
}
