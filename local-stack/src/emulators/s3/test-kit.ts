import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Emulator, type S3EmulatorOptions } from './s3-emulator';

/** The emulator's tests: one started on a free port with its own folder, and clients signed for it. */
export const TEST_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const TEST_BUCKET = 'test-bucket';

export interface TestEmulator {
  endpoint: string;
  rootDir: string;
  emulator: S3Emulator;
  /** A client as the project and the tests of the stack make them (checksums as the SDK defaults them). */
  client: (config?: Partial<S3ClientConfig>) => S3Client;
  stop: () => Promise<void>;
}

export async function startTestEmulator(options: Partial<S3EmulatorOptions> = {}): Promise<TestEmulator> {
  const rootDir = options.rootDir ?? (await mkdtemp(join(tmpdir(), 's3-emulator-')));
  const emulator = new S3Emulator({ credentials: TEST_CREDENTIALS, ...options, rootDir });
  const endpoint = await emulator.listen(0);
  const clients: S3Client[] = [];
  const client = (config: Partial<S3ClientConfig> = {}) => {
    const made = new S3Client({ region: 'us-east-1', endpoint, credentials: TEST_CREDENTIALS, forcePathStyle: true, ...config });
    clients.push(made);
    return made;
  };
  await client().send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  return {
    endpoint,
    rootDir,
    emulator,
    client,
    stop: async () => {
      for (const made of clients) made.destroy();
      await emulator.close();
      if (!options.rootDir) await rm(rootDir, { recursive: true, force: true });
    },
  };
}
