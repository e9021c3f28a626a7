import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { TEST_BUCKET, startTestEmulator, type TestEmulator } from '@frameforge/local-stack/emulators/s3/test-kit';
import { S3MediaStorage } from './media-storage';

let s3: TestEmulator;
let client: S3Client;
let dir: string;
const commands: string[] = [];
const MiB = 1024 ** 2;

beforeAll(async () => {
  s3 = await startTestEmulator();
  client = s3.client();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(context.commandName ?? '');
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  dir = await mkdtemp(join(tmpdir(), 'media-storage-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => (commands.length = 0));

async function stored(key: string): Promise<{ bytes: Buffer; disposition: string | undefined }> {
  const out = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
  const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
  return { bytes: Buffer.from(await out.Body!.transformToByteArray()), disposition: head.ContentDisposition };
}

describe('S3MediaStorage.uploadFromFile', () => {
  const body = randomBytes(12 * MiB + 321);
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'out.mp4');
    await writeFile(path, body);
  });

  it.each([
    ['read into memory', 16 * MiB],
    ['streamed from disk', 0],
  ])('stores a file over the part size in parts, byte for byte, %s', async (_how, inMemoryBytes) => {
    const storage = new S3MediaStorage(client, TEST_BUCKET, { partSizeBytes: 5 * MiB, queueSize: 2, inMemoryBytes });
    const key = `outputs/${inMemoryBytes}.mp4`;
    await expect(storage.uploadFromFile(key, path, 'video/mp4', 'out.mp4')).resolves.toBe(body.length);
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    const { bytes, disposition } = await stored(key);
    expect(bytes.equals(body)).toBe(true);
    expect(disposition).toBe('attachment; filename="out.mp4"');
  });

  it('sends a file below the part size in one PUT', async () => {
    const small = join(dir, 'small.mp4');
    await writeFile(small, body.subarray(0, 1000));
    const storage = new S3MediaStorage(client, TEST_BUCKET, { partSizeBytes: 5 * MiB, queueSize: 2, inMemoryBytes: 16 * MiB });
    await storage.uploadFromFile('outputs/small.mp4', small, 'video/mp4', 'small.mp4');
    expect(commands).toEqual(['PutObjectCommand']);
    expect((await stored('outputs/small.mp4')).bytes.equals(body.subarray(0, 1000))).toBe(true);
  });
});
