import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { SealedValueError } from '../../domain/errors';
import { EnvelopeSealer, type DataKey } from '../aes-gcm/envelope-sealer';

/**
 * KMS's answers for a blob that is not this key's or not this context's.
 * Anything else (throttling, a network failure) is left as it is, to be retried.
 */
const REFUSALS = new Set(['InvalidCiphertextException', 'IncorrectKeyException']);

/**
 * Data keys from KMS (GenerateDataKey), used locally with AES-256-GCM; the
 * context is KMS's encryption context too, so unwrapping is bound to it and
 * shows in CloudTrail.
 */
export class KmsSealer extends EnvelopeSealer {
  constructor(
    private readonly client: Pick<KMSClient, 'send'>,
    private readonly keyId: string,
  ) {
    super();
  }

  protected async newDataKey(context: Record<string, string>): Promise<DataKey> {
    const out = await this.client.send(new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: context }));
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plaintext: out.Plaintext, wrapped: out.CiphertextBlob };
  }

  protected async unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>): Promise<Uint8Array> {
    try {
      // The key id pins the unwrapping to our key: a blob of another key is refused, not decrypted.
      const out = await this.client.send(new DecryptCommand({ KeyId: this.keyId, CiphertextBlob: wrapped, EncryptionContext: context }));
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return out.Plaintext;
    } catch (error) {
      if (REFUSALS.has((error as { name?: unknown }).name as string)) {
        throw new SealedValueError('The sealed value does not open: its data key was altered, or sealed for another context or key.', { cause: error });
      }
      throw error;
    }
  }
}
