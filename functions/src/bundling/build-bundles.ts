import { bundleDirOf, defaultBundlesDir, lambdaFunctions } from './bundle-layout';
import { buildLambdaBundles } from './lambda-bundles';
import { formatKb, zippedBytes } from './bundle-sizes';

/** `npm run build:functions`: every Lambda bundle into `functions/dist/lambda`, with its zipped size. */
async function main(): Promise<void> {
  const started = performance.now();
  const { bundlesDir } = await buildLambdaBundles(process.argv[2] ?? defaultBundlesDir);
  const functions = lambdaFunctions();
  console.log(`Built ${functions.length} Lambda bundles in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  if (!process.argv.includes('--sizes')) return;
  for (const fn of functions) console.log(`  ${fn.handler.padEnd(32)} ${formatKb(zippedBytes(bundleDirOf(bundlesDir, fn.handler))).padStart(8)} zipped`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
