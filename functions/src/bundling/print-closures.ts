import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READ_HANDLERS, bundleClosures, forbiddenIn } from './bundle-closure';
import { featureRooms } from './feature-rooms';
import { buildLambdaBundles } from './lambda-bundles';

/**
 * `npm run bundles:closure`: for each feature, the folders a change to it
 * touches; for each bundle, its packages (largest first) and how many of our
 * modules it holds; and whether the read-only task endpoints stay free of
 * sending, sealing and multipart code. Exits 1 when they do not.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-closure-'));
  try {
    const { metafile } = await buildLambdaBundles(dir);
    const closures = bundleClosures(metafile).sort((a, b) => a.handler.localeCompare(b.handler));
    console.log('Where a change to each feature lands (folders under functions/src):\n');
    for (const room of featureRooms(closures)) {
      console.log(`  ${room.feature.padEnd(14)} ${room.ownFolders.length} own folder(s): ${room.ownFolders.join(', ') || '-'}`);
      console.log(`  ${''.padEnd(14)} shares: ${room.sharedFolders.join(', ') || '-'}`);
    }
    console.log('\nEach bundle: its size, our modules, and its packages by bytes in the output:\n');
    for (const closure of closures) {
      const packages = [...closure.packages.entries()].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => `${name} ${kb(bytes)}`);
      console.log(`  ${closure.handler.padEnd(30)} ${kb(closure.bytes).padStart(7)}  ${closure.modules.length} modules  ${packages.join(', ')}`);
    }
    const reads = closures.filter((c) => READ_HANDLERS.includes(c.handler));
    const failures = reads.flatMap((c) => forbiddenIn(c).map((kind) => `${c.handler} holds ${kind} code`));
    console.log(failures.length ? `\n${failures.join('\n')}` : '\nThe task reads hold no SQS, SES, Cognito, KMS or multipart code.');
    if (failures.length) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
