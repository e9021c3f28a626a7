import { randomBytes } from 'node:crypto';
import {
  DecryptCommand,
  GenerateDataKeyCommand,
  InvalidCiphertextException,
  KMSServiceException,
  type DecryptCommandOutput,
  type GenerateDataKeyCommandOutput,
} from '@aws-sdk/client-kms';
import { SealedValueError } from '../../domain/errors';
import { KmsSealer } from './kms-sealer';

const KEY_ARN = 'arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const context = { purpose: 'elevenlabs_key', userId: 'user-1', jobId: '6f1c1e9e-8d7a-4c53-9a51-2f0a3b4c5d6e' };
const secret = 'sk_3f9c2a7e51d04b8c9e6a1f2d3c4b5a69';
const metadata = { httpStatusCode: 200, requestId: 'b7a1c3d4-0000-4000-8000-000000000000', attempts: 1, totalRetryDelay: 0 };

/** Encryption contexts match as maps: KMS ignores the order of their pairs. */
const canonical = (c: Record<string, string> | undefined) => JSON.stringify(Object.entries(c ?? {}).sort());

/**
 * KMS as far as the sealer sees it, answering in the shapes the service
 * returns: a data key and its opaque blob, and the data key back only for
 * that blob, that key and the same encryption context.
 */
function fakeKms() {
  const issued = new Map<string, { plaintext: Buffer; context: Record<string, string> | undefined }>();
  const handedOut: Uint8Array[] = [];
  const send = jest.fn(async (command: unknown): Promise<GenerateDataKeyCommandOutput | DecryptCommandOutput> => {
    if (command instanceof GenerateDataKeyCommand) {
      const plaintext = randomBytes(32);
      // A real blob is ~184 opaque bytes that name the key; its content does not matter to the sealer.
      const blob = randomBytes(184);
      issued.set(blob.toString('hex'), { plaintext: Buffer.from(plaintext), context: command.input.EncryptionContext });
      handedOut.push(plaintext);
      return { CiphertextBlob: blob, Plaintext: plaintext, KeyId: KEY_ARN, $metadata: metadata };
    }
    if (command instanceof DecryptCommand) {
      const found = issued.get(Buffer.from(command.input.CiphertextBlob ?? []).toString('hex'));
      if (!found || canonical(found.context) !== canonical(command.input.EncryptionContext)) {
        throw new InvalidCiphertextException({ message: '', $metadata: { ...metadata, httpStatusCode: 400 } });
      }
      return { Plaintext: Buffer.from(found.plaintext), KeyId: KEY_ARN, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT', $metadata: metadata };
    }
    throw new Error('unexpected command');
  });
  return { client: { send } as unknown as ConstructorParameters<typeof KmsSealer>[0], send, handedOut };
}

describe('KMS sealer', () => {
  it('asks KMS for an AES-256 data key bound to the context, and unwraps it with the same context', async () => {
    const kms = fakeKms();
    const sealer = new KmsSealer(kms.client, KEY_ARN);
    const sealed = await sealer.seal(secret, context);
    expect(kms.send).toHaveBeenCalledTimes(1);
    const generate = kms.send.mock.calls[0]?.[0] as GenerateDataKeyCommand;
    expect(generate).toBeInstanceOf(GenerateDataKeyCommand);
    expect(generate.input).toEqual({ KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: context });

    expect(await sealer.open(sealed, context)).toBe(secret);
    const decrypt = kms.send.mock.calls[1]?.[0] as DecryptCommand;
    expect(decrypt).toBeInstanceOf(DecryptCommand);
    const wrapped = Buffer.from(sealed.split('.')[1] ?? '', 'base64url');
    expect(decrypt.input).toEqual({ KeyId: KEY_ARN, CiphertextBlob: wrapped, EncryptionContext: context });
  });

  it('keeps the plaintext out of the sealed value, and wipes the data key after use', async () => {
    const kms = fakeKms();
    const sealed = await new KmsSealer(kms.client, KEY_ARN).seal(secret, context);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(kms.handedOut[0]?.every((byte) => byte === 0)).toBe(true);
  });

  it('refuses another context as KMS does, with SealedValueError', async () => {
    const kms = fakeKms();
    const sealer = new KmsSealer(kms.client, KEY_ARN);
    const sealed = await sealer.seal(secret, context);
    await expect(sealer.open(sealed, { ...context, userId: 'user-2' })).rejects.toBeInstanceOf(SealedValueError);
    await expect(sealer.open(sealed, { ...context, jobId: 'another-job' })).rejects.toBeInstanceOf(SealedValueError);
  });

  it('refuses a value altered in its wrapped key or its ciphertext', async () => {
    const kms = fakeKms();
    const sealer = new KmsSealer(kms.client, KEY_ARN);
    const sealed = await sealer.seal(secret, context);
    const parts = sealed.split('.');
    const flip = (text: string) => `${text.slice(0, 5)}${text[5] === 'A' ? 'B' : 'A'}${text.slice(6)}`;
    for (const part of [1, 2, 3]) {
      const altered = parts.map((p, i) => (i === part ? flip(p) : p)).join('.');
      await expect(sealer.open(altered, context)).rejects.toBeInstanceOf(SealedValueError);
    }
  });

  it('lets other KMS failures through as they are, to be retried', async () => {
    const kms = fakeKms();
    const sealer = new KmsSealer(kms.client, KEY_ARN);
    const sealed = await sealer.seal(secret, context);
    const throttled = new KMSServiceException({ name: 'ThrottlingException', $fault: 'client', message: 'Rate exceeded', $metadata: metadata });
    kms.send.mockRejectedValueOnce(throttled);
    await expect(sealer.open(sealed, context)).rejects.toBe(throttled);
  });
});
