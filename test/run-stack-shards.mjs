import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

// A shard that has not ended by then is stuck (the slowest takes about 16 minutes on two cores): it is stopped and fails the run.
const shardLimitMs = Number(process.env.STACK_SHARD_LIMIT_MINUTES ?? 40) * 60_000;

// Shards run in their own process groups (so a stuck one can be stopped whole): an interrupt must reach them too.
const groups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, signal);
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

/** Runs one npm command to its end, its output passed through: whether it passed. */
function run(command, args, label, limitMs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', label ? 'pipe' : 'inherit', label ? 'pipe' : 'inherit'], detached: Boolean(limitMs), env });
    const watchdog =
      limitMs &&
      setTimeout(() => {
        console.error(`[${label ?? command}] still running after ${Math.round(limitMs / 60_000)} minutes: stopping it, and failing the run.`);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, limitMs);
    if (limitMs && child.pid) groups.add(child.pid);
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
    child.on('exit', (code, signal) => {
      if (watchdog) clearTimeout(watchdog);
      groups.delete(child.pid);
      resolve(code === 0 && signal === null);
    });
  });
}

// Built once before the shards (unless `npm test` built it already): each stack would otherwise build the portal into the same folder at the same time.
if (!(await run('npm', ['run', '--silent', 'build:portal']))) process.exit(1);

/**
 * A build every shard's stack uses (read only), made once into this run's own
 * folder, unless `envName` already names one (`npm test` names the ones its
 * synth phase has just built), which must then hold `probe`.
 */
async function sharedBuild(envName, script, folder, probe) {
  const named = process.env[envName];
  if (named) {
    if (existsSync(join(named, probe))) return;
    console.error(`${envName} names ${named}, which holds no ${probe || 'build'}: run npm run ${script} first.`);
    process.exit(1);
  }
  const dir = join(mkdtempSync(join(tmpdir(), `frameforge-${folder}-`)), folder);
  if (!(await run('npm', ['run', '--silent', script, '--', dir]))) process.exit(1);
  process.env[envName] = dir;
  process.on('exit', () => rmSync(dirname(dir), { recursive: true, force: true }));
}

// The Lambda bundles, and the worker's image bundle that every shard's stack runs as its worker.
await sharedBuild('STACK_LAMBDA_BUNDLES_DIR', 'build:functions', 'lambda', '');
await sharedBuild('STACK_WORKER_IMAGE_DIR', 'build:worker', 'image', 'worker.js');

// --forceExit: the global teardown stops the stack; a handle a failed suite left open (a browser, a server) must not keep the run waiting until CI's limit.
const jestArgs = ['jest', '--selectProjects', 'stack', '--runInBand', '--forceExit', ...process.argv.slice(2)];
const results =
  shards === 1
    ? [await run('npx', jestArgs, undefined, shardLimitMs)]
    : await Promise.all(
        // Each shard's stack takes its ports from a band of its own: drawn from one range, two stacks starting at once could pick the same port.
        Array.from({ length: shards }, (_, i) =>
          run('npx', [...jestArgs, `--shard=${i + 1}/${shards}`], `stack ${i + 1}/${shards}`, shardLimitMs, { ...process.env, FRAMEFORGE_PORT_BAND: `${i + 1}/${shards}` }),
        ),
      );
const failed = results.flatMap((passed, i) => (passed ? [] : [i + 1]));
if (failed.length > 0) {
  console.error(`Stack shard ${failed.join(' and ')} of ${shards} failed.`);
  process.exit(1);
}
