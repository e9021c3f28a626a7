import { createSealer } from '../../adapters/sealing';
import type { Sealer } from '../../domain/shared/sealer';
import { config, once } from './shared';

/** Seals secrets at rest: with the KMS key on AWS, with the local key file on the local stack. */
export const sealer = once((): Sealer => createSealer(config()));
