import { localBucketCors } from '../storage-cors';
import { LOCAL_CREDENTIALS } from './local-credentials';
import { S3Emulator } from './s3/s3-emulator';

/**
 * The S3 emulator in a process of its own (see startS3): `<port> <rootDir>`.
 * Its buffers come and go by the gigabyte while a job streams its input and
 * output, and each collection this causes only walks this process's small
 * heap, not the stack's (its gateway, its handlers, its other emulators).
 */
const [port, rootDir] = process.argv.slice(2);
if (!port || !rootDir) throw new Error('usage: s3-runner <port> <rootDir>');
const emulator = new S3Emulator({ rootDir, credentials: LOCAL_CREDENTIALS, cors: localBucketCors() });
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Ready once its port answers (the stack waits for it); it writes nothing but its internal errors.
emulator.listen(Number(port)).catch((error: unknown) => {
  console.error('the S3 emulator could not start', error);
  process.exit(1);
});
