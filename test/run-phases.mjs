import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm test` after its set-up: the checks and test phases in order, stopping
 * at the first that fails, with each phase's time printed so a slow CI run
 * says where its minutes went. The type check and lint run side by side:
 * each keeps one core busy, and CI has two. `cdk synth` (the Lambda bundles
 * and the cloud assembly the infra tests read) runs beside them: its app
 * synthesis keeps one core busy too, and the type check ends well before
 * lint, so the synthesis costs that phase little of the time it took alone.
 * The stack phase serves the Lambda bundles and runs the worker's image
 * bundle that synthesis built minutes before (the ones the cloud assembly
 * holds), rather than building them again.
 */

const GROUPS = [
  ['typecheck', 'lint', 'synth'],
  ['test:unit'],
  ['test:infra:synthesized'],
  ['test:stack'],
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

// Where `cdk synth` (its `build` step: `npm run build:functions` and `npm run build:worker`) puts the bundles.
const SYNTH_BUNDLES = fileURLToPath(new URL('../functions/dist/lambda', import.meta.url));
const SYNTH_WORKER_IMAGE = fileURLToPath(new URL('../containers/worker/dist/image', import.meta.url));
const PHASE_ENV = { 'test:stack': { STACK_LAMBDA_BUNDLES_DIR: SYNTH_BUNDLES, STACK_WORKER_IMAGE_DIR: SYNTH_WORKER_IMAGE } };

/** One npm script, its output passed through as it comes: the time it took and whether it passed. */
function runScript(name) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: 'inherit', env: { ...process.env, ...PHASE_ENV[name] } });
    child.on('error', (error) => {
      console.error(`${name} could not start: ${error.message}`);
      resolve({ name, passed: false, ms: Date.now() - start });
    });
    child.on('exit', (code, signal) => resolve({ name, passed: code === 0 && signal === null, ms: Date.now() - start }));
  });
}

const started = Date.now();
const times = [];
let failed;
for (const group of GROUPS) {
  const results = await Promise.all(group.map(runScript));
  times.push(...results);
  failed = results.find((result) => !result.passed);
  if (failed) break;
}
console.log(`\nPhase times: ${times.map((t) => `${t.name} ${seconds(t.ms)}${t.passed ? '' : ' (failed)'}`).join(', ')}; all ${seconds(Date.now() - started)}.`);
if (failed) {
  console.error(`${failed.name} failed.`);
  process.exit(1);
}
