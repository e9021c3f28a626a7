import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually';
import { testEndpoints } from './endpoints';
import { testServices } from './services';
import { repoRoot } from './stack-process';

export interface ExtraWorker {
  /** The prefix of this worker's id in job leases (host, pid). */
  leasePrefix: string;
  /** Its log so far, one JSON object a line. */
  output(): string;
  /** Its log lines whose message matches. */
  lines(message: RegExp): Record<string, unknown>[];
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>;
}

export interface ExtraWorkerOptions {
  /** Its own scratch folder. */
  workDir: string;
  /** Where it reaches S3 (a fault proxy); the emulator otherwise. */
  s3Endpoint?: string;
}

/**
 * A second worker beside the stack's own, on the same tables and queues, as
 * a second ECS task would be, with the stack's short local timings. Its
 * e-mail goes nowhere: notices are not what these tests look at.
 */
const RECEIVE_WAIT_SECONDS = 1;

export async function startExtraWorker(options: ExtraWorkerOptions): Promise<ExtraWorker> {
  const services = testServices();
  const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: services.dynamodb,
    AWS_ENDPOINT_URL_SQS: services.sqs,
    AWS_ENDPOINT_URL_S3: options.s3Endpoint ?? services.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: services.cognito,
    S3_FORCE_PATH_STYLE: 'true',
    ...services.resources.tables,
    ...services.resources.buckets,
    ...services.resources.queues,
    USER_POOL_ID: services.resources.userPoolId,
    PORTAL_URL: testEndpoints().portal,
    SEALING_KEY_FILE: join(stateDir, 'sealing.key'),
    // A port nothing listens on: a notice fails at once and is only logged.
    SMTP_URL: 'smtp://127.0.0.1:9',
    WORK_DIR: options.workDir,
    WORKER_VISIBILITY_SECONDS: '6',
    // Short receives: a receive still waiting when this worker stops can be handed a message meant for the
    // stack's worker, hidden for the queue's visibility timeout (a minute for callbacks); stop() waits one out.
    WORKER_RECEIVE_WAIT_SECONDS: String(RECEIVE_WAIT_SECONDS),
    WORKER_STOP_WINDOW_SECONDS: '2',
    WORKER_RETRY_DELAY_SECONDS: '1',
    CALLBACK_RETRY_BASE_SECONDS: '1',
    POWERTOOLS_LOG_LEVEL: 'INFO',
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'containers/worker/src/main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const parse = (line: string): Record<string, unknown>[] => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      // A line still being written, or one not from the logger.
      return [];
    }
  };
  const lines = (message: RegExp) =>
    output
      .split('\n')
      .flatMap(parse)
      .filter((line) => message.test(String(line.message)));
  await eventually(
    () => {
      // Thrown rather than undefined: a worker that never starts shows its last words.
      if (!lines(/^worker ready$/).length) throw new Error(`not ready yet:\n${output.slice(-2000)}`);
      return true;
    },
    { timeoutMs: 60_000, what: 'the extra worker to start' },
  );
  return {
    leasePrefix: `${hostname()}-${child.pid ?? ''}-`,
    output: () => output,
    lines,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      // Proves an absence: the stopped worker's last long poll outlives it in the queue for up to its wait, and a message sent meanwhile would go to that dead receive.
      await new Promise((resolve) => setTimeout(resolve, (RECEIVE_WAIT_SECONDS + 0.5) * 1000));
    },
  };
}
