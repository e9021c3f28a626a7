import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `npm run test:stack`: the integration, hostile and browser suites in
 * shards run side by side (`STACK_SHARDS`, 2 by default), each shard in band
 * against its own local stack on its own ports and state folder, split by
 * running time (`test/support/stack-sequencer.cjs`). Most of a stack suite's
 * time is spent waiting on the stack, so two shards on two cores take far
 * less than one run after the other. Each line says which shard wrote it.
 */

const shards = Number(process.env.STACK_SHARDS ?? 2);
if (!Number.isInteger(shards) || shards < 1) {
  console.error('STACK_SHARDS must be a whole number of at least 1.');
  process.exit(2);
}

/** Runs one npm command to its end, its output passed through: whether it passed. */
function run(command, args, label) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', label ? 'pipe' : 'inherit', label ? 'pipe' : 'inherit'] });
    if (label) {
      for (const [stream, sink] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => sink.write(`[${label}] ${line}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve(false);
    });
    child.on('exit', (code, signal) => resolve(code === 0 && signal === null));
  });
}

// Built once before the shards: each stack would otherwise build the portal into the same folder at the same time.
if (!(await run('npm', ['run', '--silent', 'build:portal']))) process.exit(1);

const jestArgs = ['jest', '--selectProjects', 'stack', '--runInBand', ...process.argv.slice(2)];
const results =
  shards === 1
    ? [await run('npx', jestArgs)]
    : await Promise.all(Array.from({ length: shards }, (_, i) => run('npx', [...jestArgs, `--shard=${i + 1}/${shards}`], `stack ${i + 1}/${shards}`)));
const failed = results.flatMap((passed, i) => (passed ? [] : [i + 1]));
if (failed.length > 0) {
  console.error(`Stack shard ${failed.join(' and ')} of ${shards} failed.`);
  process.exit(1);
}
