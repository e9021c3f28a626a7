import type { Sealer } from '../../domain/sealer';
import { SealedValueError } from '../../domain/errors';
import { contextAad, decrypt, encrypt, KEY_BYTES } from './aes-gcm';

const VERSION = 'v1';
const PAYLOAD_LABEL = 'frameforge/sealed-value/v1';

/** A fresh data key: its plaintext, used once and wiped, and its wrapped form, kept with the value. */
export interface DataKey {
  plaintext: Uint8Array;
  wrapped: Uint8Array;
}

/** base64url decoding that refuses anything but the canonical encoding, so no altered text decodes alike. */
function fromBase64Url(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64url');
  if (!text || bytes.toString('base64url') !== text) throw new SealedValueError('The sealed value is malformed.');
  return bytes;
}

/**
 * Envelope encryption with one data key per value: the value under AES-256-GCM
 * with the context as authenticated data, the data key wrapped by whatever
 * holds the master key (KMS, a key file). Sealed form:
 * `v1.<wrapped data key>.<iv>.<ciphertext and tag>`, each part base64url.
 */
export abstract class EnvelopeSealer implements Sealer {
  /** A new data key, wrapped so that it unwraps only with the same context. */
  protected abstract newDataKey(context: Record<string, string>): Promise<DataKey>;
  /** The data key's plaintext; `SealedValueError` when it does not unwrap with this context. */
  protected abstract unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>): Promise<Uint8Array>;

  async seal(plaintext: string, context: Record<string, string>): Promise<string> {
    const dataKey = await this.newDataKey(context);
    try {
      const { iv, ciphertext } = encrypt(dataKey.plaintext, Buffer.from(plaintext, 'utf8'), contextAad(PAYLOAD_LABEL, context));
      return [VERSION, ...[Buffer.from(dataKey.wrapped), iv, ciphertext].map((part) => part.toString('base64url'))].join('.');
    } finally {
      dataKey.plaintext.fill(0);
    }
  }

  async open(sealed: string, context: Record<string, string>): Promise<string> {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SealedValueError('The sealed value is malformed or of an unknown version.');
    const [wrapped, iv, ciphertext] = parts.slice(1).map(fromBase64Url) as [Buffer, Buffer, Buffer];
    const dataKey = await this.unwrapDataKey(wrapped, context);
    try {
      if (dataKey.length !== KEY_BYTES) throw new SealedValueError('The sealed value\'s data key is malformed.');
      return decrypt(dataKey, iv, ciphertext, contextAad(PAYLOAD_LABEL, context)).toString('utf8');
    } finally {
      dataKey.fill(0);
    }
  }
}
