import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleDirOf, lambdaFunctions } from '@frameforge/functions/bundling/bundle-layout';
import { formatKb, zippedBytes } from '@frameforge/functions/bundling/bundle-sizes';
import { buildLambdaBundles } from '@frameforge/functions/bundling/lambda-bundles';
import { buildPackagesOnly } from '@frameforge/functions/bundling/packages-only';
import { buckets, queues, tables } from '@frameforge/functions/kernel/contracts/resources';
import { DEPLOYED_VOICE_PROVIDER } from '@frameforge/functions/features/jobs/contracts/voices';
import { probeBundle } from '../support/bundle-probe';

/** What a deployed function's environment holds (names and ids only), so its configuration parses at load as on AWS. */
function deployedLikeEnvironment(): Record<string, string> {
  const names = [...Object.values(tables), ...Object.values(buckets)].map((r) => [r.envVar, `frameforge-${r.envVar.toLowerCase()}`]);
  const queueUrls = Object.values(queues).flatMap((q) => [q.envVar, q.deadLetterEnvVar]).map((v) => [v, `https://sqs.eu-west-1.amazonaws.com/123456789012/${v.toLowerCase()}`]);
  return {
    ...Object.fromEntries([...names, ...queueUrls]),
    AWS_REGION: 'eu-west-1',
    PORTAL_URL: 'https://portal.example.com',
    PORTAL_API_URL: 'https://api.example.com/prod/',
    PICTURES_BASE_URL: 'https://portal.example.com/profile-pictures',
    USER_POOL_ID: 'eu-west-1_sample',
    USER_POOL_CLIENT_ID: 'sample',
    COGNITO_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_sample',
    SEALING_KMS_KEY_ID: 'sample-key',
    STRIPE_SECRET_KEY_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe',
    STRIPE_WEBHOOK_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:webhook',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_BOOST: 'price_boost',
    STRIPE_PRICE_ELITE: 'price_elite',
    VOICE_PROVIDER: DEPLOYED_VOICE_PROVIDER,
  };
}

const MEDIAN_TARGET_MS = 100;
const JOB_TARGET_MS = 150;

/** The functions behind the job endpoints: those that submit, read and cancel tasks. */
const JOB_ENDPOINTS = ['frame-last', 'cut', 'crop', 'merge', 'merge-urls', 'redub', 'redub-tts', 'redub-vc', 'captions-auto', 'get-task', 'list-tasks', 'cancel-task', 'download-task'].map((name) => `product/${name}`);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Every Lambda bundle's zipped size and its cold load (the import of
 * `index.mjs` in a fresh Node process, as a cold start does), measured
 * interleaved with a bare handler's load, so the ratio survives a noisy machine.
 */
export async function benchBundles(rounds: number): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'frameforge-bundles-'));
  try {
    const { bundlesDir } = await buildLambdaBundles(join(work, 'lambda'));
    const bare = join(work, 'bare');
    mkdirSync(bare);
    // An ES module like the bundles: the module loader's own cost is on both sides.
    writeFileSync(join(bare, 'index.mjs'), 'export const handler = async () => ({ statusCode: 200, body: "ok" });\n');
    // Floors under the bundles, none of our code in them: what the functions' packages cost by themselves.
    const floors = [
      { label: 'packages alone, none of ours', kind: 'packages', dir: join(work, 'packages-only'), loads: [] as number[] },
      { label: 'the DynamoDB client alone', kind: 'dynamodb', dir: join(work, 'dynamodb-only'), loads: [] as number[] },
    ] as const;
    for (const floor of floors) await buildPackagesOnly(floor.dir, floor.kind);
    const functions = lambdaFunctions();
    const loads = new Map<string, number[]>(functions.map((f) => [f.handler, []]));
    const bareLoads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const fn of functions) {
        const env = deployedLikeEnvironment();
        const [own, plain] = [await probeBundle(bundleDirOf(bundlesDir, fn.handler), env), await probeBundle(bare, env)];
        if (!own.loaded || own.loadMs === undefined) throw new Error(`${fn.handler} did not load: ${own.error ?? own.output}`);
        loads.get(fn.handler)?.push(own.loadMs);
        if (plain.loadMs !== undefined) bareLoads.push(plain.loadMs);
      }
      for (const floor of floors) {
        const probe = await probeBundle(floor.dir, deployedLikeEnvironment());
        if (!probe.loaded || probe.loadMs === undefined) throw new Error(`${floor.label} did not load: ${probe.error ?? probe.output}`);
        floor.loads.push(probe.loadMs);
      }
    }
    const bareMedian = median(bareLoads);
    const row = (label: string, size: string, ms: number, note = '') =>
      `  ${label.padEnd(32)} ${size.padStart(8)} ${size ? 'zipped' : '      '}   load ${ms.toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(ms / bareMedian).toFixed(1)}x${note}`;
    const loadOf = new Map(functions.map((fn) => [fn.handler, median(loads.get(fn.handler) ?? [])]));
    const msOf = (handler: string) => loadOf.get(handler) ?? Number.NaN;
    const rows = functions.map((fn) => row(fn.handler, formatKb(zippedBytes(bundleDirOf(bundlesDir, fn.handler))), msOf(fn.handler)));
    for (const floor of floors) rows.push(row(floor.label, '', median(floor.loads)));
    const all = median([...loadOf.values()]);
    rows.push(row('median of all bundles', '', all, `   (target <= ${MEDIAN_TARGET_MS} ms${all <= MEDIAN_TARGET_MS ? '' : ', missed'})`));
    const slowest = Math.max(...JOB_ENDPOINTS.map(msOf));
    rows.push(row('slowest job endpoint', '', slowest, `   (target <= ${JOB_TARGET_MS} ms${slowest <= JOB_TARGET_MS ? '' : ', missed'})`));
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
