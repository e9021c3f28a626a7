import { hasOneSealingKey } from '../config/env';
import { KeyFileSealer } from './key-file/key-file-sealer';
import { KmsSealer } from './kms/kms-sealer';
import { createSealer } from './sealing';

describe('sealer composition', () => {
  it('picks KMS by a key id and the key file by a path', () => {
    expect(createSealer({ AWS_REGION: 'us-east-1', SEALING_KMS_KEY_ID: 'alias/sealing' })).toBeInstanceOf(KmsSealer);
    expect(createSealer({ AWS_REGION: 'us-east-1', SEALING_KEY_FILE: 'sealing.key' })).toBeInstanceOf(KeyFileSealer);
    expect(() => createSealer({ AWS_REGION: 'us-east-1' })).toThrow(/SEALING_KMS_KEY_ID or SEALING_KEY_FILE/);
  });

  it('accepts exactly one of the two settings', () => {
    expect(hasOneSealingKey({ SEALING_KMS_KEY_ID: 'k' })).toBe(true);
    expect(hasOneSealingKey({ SEALING_KEY_FILE: 'f' })).toBe(true);
    expect(hasOneSealingKey({})).toBe(false);
    expect(hasOneSealingKey({ SEALING_KMS_KEY_ID: 'k', SEALING_KEY_FILE: 'f' })).toBe(false);
  });
});
