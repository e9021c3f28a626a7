import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleDirOf, lambdaFunctions } from '@frameforge/functions/bundling/bundle-layout';
import { formatKb, zippedBytes } from '@frameforge/functions/bundling/bundle-sizes';
import { buildLambdaBundles } from '@frameforge/functions/bundling/lambda-bundles';
import { probeBundle } from '../support/bundle-probe';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Every Lambda bundle's zipped size and its cold load (the `require` of
 * `index.js` in a fresh Node process, as a cold start does), measured
 * interleaved with a bare handler's load, so the ratio survives a noisy machine.
 */
export async function benchBundles(rounds: number): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'frameforge-bundles-'));
  try {
    const { bundlesDir } = await buildLambdaBundles(join(work, 'lambda'));
    const bare = join(work, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'index.js'), 'exports.handler = async () => ({ statusCode: 200, body: "ok" });\n');
    const functions = lambdaFunctions();
    const loads = new Map<string, number[]>(functions.map((f) => [f.handler, []]));
    const bareLoads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const fn of functions) {
        const env = { NODE_OPTIONS: '--enable-source-maps', AWS_REGION: 'eu-west-1' };
        const [own, plain] = [await probeBundle(bundleDirOf(bundlesDir, fn.handler), env), await probeBundle(bare, env)];
        if (!own.loaded || own.loadMs === undefined) throw new Error(`${fn.handler} did not load: ${own.error ?? own.output}`);
        loads.get(fn.handler)?.push(own.loadMs);
        if (plain.loadMs !== undefined) bareLoads.push(plain.loadMs);
      }
    }
    const bareMedian = median(bareLoads);
    const rows = functions.map((fn) => {
      const ms = median(loads.get(fn.handler) ?? []);
      const size = formatKb(zippedBytes(bundleDirOf(bundlesDir, fn.handler)));
      return `  ${fn.handler.padEnd(32)} ${size.padStart(8)} zipped   load ${ms.toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(ms / bareMedian).toFixed(1)}x`;
    });
    const all = functions.map((fn) => median(loads.get(fn.handler) ?? []));
    rows.push(`  ${'median of all bundles'.padEnd(32)} ${''.padStart(8)}          load ${median(all).toFixed(1).padStart(6)} ms   bare handler ${bareMedian.toFixed(1)} ms   ${(median(all) / bareMedian).toFixed(1)}x`);
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
