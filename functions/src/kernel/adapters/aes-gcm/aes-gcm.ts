import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SealedValueError } from '../../domain/errors';

export const KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** AES-256-GCM with a fresh random IV; the tag is appended to the ciphertext. */
export function encrypt(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): { iv: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, ciphertext };
}

/** The plaintext, or `SealedValueError` when the ciphertext, IV, AAD or key do not belong together. */
export function decrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, aad: Uint8Array): Buffer {
  if (iv.length !== IV_BYTES || ciphertext.length < TAG_BYTES) throw new SealedValueError('The sealed value is malformed.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - TAG_BYTES)), decipher.final()]);
  } catch (cause) {
    throw new SealedValueError('The sealed value does not open: it was altered or sealed for another context.', { cause });
  }
}

/**
 * The context as authenticated data: keys sorted, so the same map in any
 * order authenticates alike, under a label that keeps uses apart.
 */
export function contextAad(label: string, context: Record<string, string>): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((key) => [key, context[key]]);
  return Buffer.from(`${label}\n${JSON.stringify(sorted)}`, 'utf8');
}
