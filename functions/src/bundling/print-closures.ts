import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READ_HANDLERS, bundleClosures, forbiddenIn } from './bundle-closure';
import { featureRooms, workerClosure, strayRooms } from './feature-rooms';
import { lambdaFunctions } from './bundle-layout';
import { buildLambdaBundles, workerModules } from './lambda-bundles';

/**
 * `npm run bundles:closure`: for each feature, the rooms a change to it
 * touches (its own, when every module only it uses sits there) and the shared
 * code it uses; for each bundle, what a cold start loads and what waits for
 * its first use, with their packages (largest first), and how many of our
 * modules it holds; and whether the read-only task endpoints stay free of
 * sending, sealing and multipart code. Exits 1 when a feature's own code
 * strays from its room, a read holds such code, or a function's closure
 * could not be read.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-closure-'));
  try {
    const { metafile } = await buildLambdaBundles(dir);
    const closures = bundleClosures(metafile).sort((a, b) => a.handler.localeCompare(b.handler));
    console.log('Where a change to each feature lands (rooms under functions/src), and the shared code it uses:\n');
    const rooms = featureRooms([...closures, workerClosure(await workerModules())]);
    for (const room of rooms) {
      // Its own room's shared modules are its to change; the other rooms are what it uses.
      const shared = [...room.sharedRooms.entries()].filter(([name]) => name !== `features/${room.feature}`).map(([name, count]) => `${name} (${count})`);
      console.log(`  ${room.feature.padEnd(14)} touches ${room.ownRooms.length} room(s): ${room.ownRooms.join(', ') || '-'}`);
      console.log(`  ${''.padEnd(14)} uses (modules): ${shared.join(', ') || '-'}`);
    }
    console.log('\nEach bundle: what a cold start loads and what is loaded on use, our modules, and its packages by bytes in the output:\n');
    const largestFirst = (packages: ReadonlyMap<string, number>) =>
      [...packages.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ');
    for (const closure of closures) {
      const onUse = closure.bytes - closure.atStartBytes;
      console.log(`  ${closure.handler.padEnd(30)} ${kb(closure.atStartBytes).padStart(7)} at start, ${kb(onUse).padStart(6)} on use, ${closure.modules.length} of our modules`);
      console.log(`  ${''.padEnd(30)} at start: ${largestFirst(closure.atStartPackages) || '-'}`);
      if (closure.onUsePackages.size) console.log(`  ${''.padEnd(30)} on use:   ${largestFirst(closure.onUsePackages)}`);
    }
    const reads = closures.filter((c) => READ_HANDLERS.includes(c.handler));
    const handlers = lambdaFunctions().map((f) => f.handler);
    const failures = [
      ...(closures.length === handlers.length && closures.every((c) => handlers.includes(c.handler)) ? [] : [`${closures.length} closures read for ${handlers.length} functions`]),
      ...reads.flatMap((c) => forbiddenIn(c).map((kind) => `${c.handler} holds ${kind} code`)),
      ...strayRooms(rooms).map((stray) => `own code outside its room: ${stray}`),
    ];
    console.log(failures.length ? `\n${failures.join('\n')}` : '\nEach feature touches its own room only. The task reads hold no SQS, SES, Cognito, KMS or multipart code.');
    if (failures.length) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
