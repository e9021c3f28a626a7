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
    const packagesOnly = join(work, 'packages-only');
    await buildPackagesOnly(packagesOnly);
    const functions = lambdaFunctions();
    const loads = new Map<string, number[]>(functions.map((f) => [f.handler, []]));
    const bareLoads: number[] = [];
    const packagesOnlyLoads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const fn of functions) {
        const env = deployedLikeEnvironment();
        const [own, plain] = [await probeBundle(bundleDirOf(bundlesDir, fn.handler), env), await probeBundle(bare, env)];
        if (!own.loaded || own.loadMs === undefined) throw new Error(`${fn.handler} did not load: ${own.error ?? own.output}`);
        loads.get(fn.handler)?.push(own.loadMs);
        if (plain.loadMs !== undefined) bareLoads.push(plain.loadMs);
      }
      const floor = await probeBundle(packagesOnly, deployedLikeEnvironment());
      if (!floor.loaded || floor.loadMs === undefined) throw new Error(`the packages-only bundle did not load: ${floor.error ?? floor.output}`);
      packagesOnlyLoads.push(floor.loadMs);
    }
    const bareMedian = median(bareLoads);
    const rows = functions.map((fn) => {
      const ms = median(loads.get(fn.handler) ?? []);
      const size = formatKb(zippedBytes(bundleDirOf(bundlesDir, fn.handler)));
      return `  ${fn.handler.padEnd(32)} ${size.padStart(8)} zipped   load ${ms.toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(ms / bareMedian).toFixed(1)}x`;
    });
    const all = functions.map((fn) => median(loads.get(fn.handler) ?? []));
    const floorMs = median(packagesOnlyLoads);
    rows.push(`  ${'packages alone, none of ours'.padEnd(32)} ${''.padStart(8)}          load ${floorMs.toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(floorMs / bareMedian).toFixed(1)}x`);
    rows.push(`  ${'median of all bundles'.padEnd(32)} ${''.padStart(8)}          load ${median(all).toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(median(all) / bareMedian).toFixed(1)}x`);
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
