import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { contextAad, decrypt, encrypt, IV_BYTES, KEY_BYTES } from '../aes-gcm/aes-gcm';
import { EnvelopeSealer, type DataKey } from '../aes-gcm/envelope-sealer';

const WRAP_LABEL = 'frameforge/data-key/v1';

/**
 * The master key in a file, made on first use. It is written whole to a
 * private temporary file and then hard-linked into place: linking never
 * replaces an existing file, so of two processes racing exactly one key
 * wins, and nobody ever reads a half-written one.
 */
export async function loadOrCreateKeyFile(path: string): Promise<Buffer> {
  try {
    return checked(await readFile(path), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  return checked(await readFile(path), path);
}

function checked(key: Buffer, path: string): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`The sealing key file ${path} must hold exactly ${KEY_BYTES} bytes.`);
  return key;
}

/**
 * Data keys wrapped with AES-256-GCM under a master key kept in a local file,
 * the context authenticated at both layers: the local stand-in for KMS.
 */
export class KeyFileSealer extends EnvelopeSealer {
  private masterKey: Promise<Buffer> | undefined;

  constructor(private readonly path: string) {
    super();
  }

  private master(): Promise<Buffer> {
    // A failed read is not remembered: the next value tries the file again.
    this.masterKey ??= loadOrCreateKeyFile(this.path).catch((error: unknown) => {
      this.masterKey = undefined;
      throw error;
    });
    return this.masterKey;
  }

  protected async newDataKey(context: Record<string, string>): Promise<DataKey> {
    const plaintext = randomBytes(KEY_BYTES);
    const { iv, ciphertext } = encrypt(await this.master(), plaintext, contextAad(WRAP_LABEL, context));
    return { plaintext, wrapped: Buffer.concat([iv, ciphertext]) };
  }

  protected async unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>): Promise<Uint8Array> {
    const master = await this.master();
    return decrypt(master, wrapped.subarray(0, IV_BYTES), wrapped.subarray(IV_BYTES), contextAad(WRAP_LABEL, context));
  }
}
