import { hasOneSealingKey } from '../config/env';
import { awsEndpointStandIn } from './aws-endpoint-test-support';
import { KeyFileSealer } from './key-file/key-file-sealer';
import { createSealer } from './sealing';

const DATA_KEY = Buffer.alloc(32, 7);
const WRAPPED = Buffer.from('a data key wrapped by the KMS key');

describe('sealer composition', () => {
  it('picks the key file by a path, and refuses without either setting', () => {
    expect(createSealer({ AWS_REGION: 'us-east-1', SEALING_KEY_FILE: 'sealing.key' })).toBeInstanceOf(KeyFileSealer);
    expect(() => createSealer({ AWS_REGION: 'us-east-1' })).toThrow(/SEALING_KMS_KEY_ID or SEALING_KEY_FILE/);
  });

  it('picks KMS by a key id, its client loaded by the first seal: data keys from GenerateDataKey, opened by Decrypt', async () => {
    const kms = await awsEndpointStandIn('KMS', ({ headers }) =>
      headers['x-amz-target'] === 'TrentService.GenerateDataKey'
        ? { KeyId: 'alias/sealing', Plaintext: DATA_KEY.toString('base64'), CiphertextBlob: WRAPPED.toString('base64') }
        : { KeyId: 'alias/sealing', Plaintext: DATA_KEY.toString('base64') },
    );
    try {
      const sealer = createSealer({ AWS_REGION: 'us-east-1', SEALING_KMS_KEY_ID: 'alias/sealing' });
      expect(kms.received).toEqual([]);
      const context = { purpose: 'elevenlabs_key', userId: 'user-1' };
      const sealed = await sealer.seal('sk_secret', context);
      await expect(sealer.open(sealed, context)).resolves.toBe('sk_secret');
      expect(kms.received.map((r) => r.headers['x-amz-target'])).toEqual(['TrentService.GenerateDataKey', 'TrentService.Decrypt']);
      expect(kms.received[0]?.body).toMatchObject({ KeyId: 'alias/sealing', KeySpec: 'AES_256', EncryptionContext: context });
      expect(kms.received[1]?.body).toMatchObject({ CiphertextBlob: WRAPPED.toString('base64'), EncryptionContext: context });
    } finally {
      await kms.close();
    }
  });

  it('accepts exactly one of the two settings', () => {
    expect(hasOneSealingKey({ SEALING_KMS_KEY_ID: 'k' })).toBe(true);
    expect(hasOneSealingKey({ SEALING_KEY_FILE: 'f' })).toBe(true);
    expect(hasOneSealingKey({})).toBe(false);
    expect(hasOneSealingKey({ SEALING_KMS_KEY_ID: 'k', SEALING_KEY_FILE: 'f' })).toBe(false);
  });
});
