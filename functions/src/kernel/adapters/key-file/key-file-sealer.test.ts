import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SealedValueError } from '../../domain/errors';
import { KeyFileSealer, loadOrCreateKeyFile } from './key-file-sealer';

const context = { purpose: 'elevenlabs_key', userId: 'user-1', jobId: 'job-1' };
const secret = 'sk_3f9c2a7e51d04b8c9e6a1f2d3c4b5a69';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-file-sealer-'));
});

/** The sealed value with one base64url part (1: wrapped key, 2: iv, 3: ciphertext) changed in one character. */
function tampered(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const text = parts[part] ?? '';
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('key file sealer', () => {
  it('opens what it sealed, with the same context given in any order', async () => {
    const sealer = new KeyFileSealer(join(dir, 'sealing.key'));
    const sealed = await sealer.seal(secret, context);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await sealer.open(sealed, { jobId: 'job-1', userId: 'user-1', purpose: 'elevenlabs_key' })).toBe(secret);
  });

  it('never shows the plaintext in the sealed value, and seals the same value differently each time', async () => {
    const sealer = new KeyFileSealer(join(dir, 'sealing.key'));
    const first = await sealer.seal(secret, context);
    const second = await sealer.seal(secret, context);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(secret);
      expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
      expect(sealed).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(second).not.toBe(first);
  });

  it('refuses to open for another user, job or purpose', async () => {
    const sealer = new KeyFileSealer(join(dir, 'sealing.key'));
    const sealed = await sealer.seal(secret, context);
    for (const other of [
      { ...context, userId: 'user-2' },
      { ...context, jobId: 'job-2' },
      { ...context, purpose: 'other' },
      { ...context, extra: 'x' },
      { purpose: context.purpose, userId: context.userId },
    ]) {
      await expect(sealer.open(sealed, other)).rejects.toBeInstanceOf(SealedValueError);
    }
  });

  it('refuses a value altered in any part, or not in the sealed form', async () => {
    const sealer = new KeyFileSealer(join(dir, 'sealing.key'));
    const sealed = await sealer.seal(secret, context);
    for (const part of [1, 2, 3]) await expect(sealer.open(tampered(sealed, part), context)).rejects.toBeInstanceOf(SealedValueError);
    const [, wrapped, iv, ciphertext] = sealed.split('.');
    for (const broken of [
      `v2.${wrapped}.${iv}.${ciphertext}`,
      `v1.${wrapped}.${iv}`,
      `${sealed}.x`,
      `v1.${wrapped}.${iv}.${ciphertext}=`,
      `v1.${wrapped}.${iv}.${(ciphertext ?? '').slice(0, 10)}`,
      `v1.${wrapped}.${iv?.slice(2)}.${ciphertext}`,
      secret,
    ]) {
      await expect(sealer.open(broken, context)).rejects.toBeInstanceOf(SealedValueError);
    }
  });

  it('does not open a value sealed under another key file', async () => {
    const sealed = await new KeyFileSealer(join(dir, 'one.key')).seal(secret, context);
    await expect(new KeyFileSealer(join(dir, 'two.key')).open(sealed, context)).rejects.toBeInstanceOf(SealedValueError);
  });

  it('creates a private 32-byte key file once, and later sealers of the same file open the values', async () => {
    const path = join(dir, 'state', 'sealing.key');
    const sealed = await new KeyFileSealer(path).seal(secret, context);
    const key = await readFile(path);
    expect(key).toHaveLength(32);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await new KeyFileSealer(path).open(sealed, context)).toBe(secret);
    expect(await readFile(path)).toEqual(key);
  });

  it('ends racing creators with one and the same key, leaving no temporary files', async () => {
    const path = join(dir, 'sealing.key');
    const keys = await Promise.all(Array.from({ length: 12 }, () => loadOrCreateKeyFile(path)));
    for (const key of keys) expect(key).toEqual(keys[0]);
    const sealers = Array.from({ length: 6 }, () => new KeyFileSealer(join(dir, 'raced.key')));
    const sealed = await Promise.all(sealers.map((s, i) => s.seal(`${secret}-${i}`, context)));
    // Each value opens with any of the sealers: they all ended with the same key.
    for (const [i, value] of sealed.entries()) expect(await sealers[(i + 1) % sealers.length]?.open(value, context)).toBe(`${secret}-${i}`);
    expect((await readdir(dir)).sort()).toEqual(['raced.key', 'sealing.key']);
  });

  it('ends processes racing to create the key file with one and the same key', async () => {
    const path = join(dir, 'sealing.key');
    const script = `import(${JSON.stringify(join(__dirname, 'key-file-sealer.ts'))})
      .then((m) => m.loadOrCreateKeyFile(${JSON.stringify(path)}))
      .then((key) => process.stdout.write(key.toString('hex')))`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--eval', script]).then((out) => out.stdout);
    const keys = await Promise.all([run(), run(), run(), run()]);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    for (const key of keys) expect(key).toBe(keys[0]);
    expect((await readFile(path)).toString('hex')).toBe(keys[0]);
  }, 30_000);

  it('refuses a key file that does not hold 32 bytes', async () => {
    const path = join(dir, 'short.key');
    await writeFile(path, Buffer.alloc(16));
    await expect(new KeyFileSealer(path).seal(secret, context)).rejects.toThrow(/32 bytes/);
  });
});
