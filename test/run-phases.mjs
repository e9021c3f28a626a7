import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm test` after its set-up: the checks and test phases, each started as
 * soon as what it needs has passed, stopping at the first that fails, with
 * each phase's time printed so a slow CI run says where its minutes went.
 * The type check, lint and `cdk synth` (the Lambda bundles and the cloud
 * assembly the infra tests read) start side by side: each keeps about one
 * core busy, and CI has two. Lint runs longest of the three, so the unit
 * tests start when the type check ends rather than when lint does: waiting
 * for lint left a core idle for the last minute of it. The portal is built
 * beside them too: built at the start of the stack phase, it kept one core
 * busy and the other waiting before any stack could start. The stack phase
 * serves the Lambda bundles and runs the worker's image bundle that
 * synthesis built minutes before (the ones the cloud assembly holds), rather
 * than building them again.
 */

/** Each phase and the phases it starts after. */
const PHASES = {
  typecheck: [],
  lint: [],
  synth: [],
  'build:portal': [],
  'test:unit': ['typecheck'],
  'test:infra:synthesized': ['synth', 'test:unit'],
  'test:stack': ['lint', 'test:infra:synthesized', 'build:portal'],
};

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

// Where `cdk synth` (its `build` step: `npm run build:functions` and `npm run build:worker`) puts the bundles.
const SYNTH_BUNDLES = fileURLToPath(new URL('../functions/dist/lambda', import.meta.url));
const SYNTH_WORKER_IMAGE = fileURLToPath(new URL('../containers/worker/dist/image', import.meta.url));
const PHASE_ENV = { 'test:stack': { STACK_LAMBDA_BUNDLES_DIR: SYNTH_BUNDLES, STACK_WORKER_IMAGE_DIR: SYNTH_WORKER_IMAGE } };

const started = Date.now();

/** One npm script, its output passed through as it comes: the time it took and whether it passed. */
function runScript(name) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: 'inherit', env: { ...process.env, ...PHASE_ENV[name] } });
    child.on('error', (error) => {
      console.error(`${name} could not start: ${error.message}`);
      resolve({ name, passed: false, ms: Date.now() - start, at: start - started });
    });
    child.on('exit', (code, signal) => resolve({ name, passed: code === 0 && signal === null, ms: Date.now() - start, at: start - started }));
  });
}

const times = [];
const passed = new Set();
const running = new Map();
let failed;
for (;;) {
  // Once a phase failed nothing new starts; those running are let finish, so their output is whole.
  if (!failed) {
    for (const [name, after] of Object.entries(PHASES)) {
      if (running.has(name) || times.some((t) => t.name === name)) continue;
      if (after.every((phase) => passed.has(phase))) running.set(name, runScript(name));
    }
  }
  if (running.size === 0) break;
  const result = await Promise.race(running.values());
  running.delete(result.name);
  times.push(result);
  if (result.passed) passed.add(result.name);
  else failed ??= result;
}
console.log(`\nPhase times: ${times.map((t) => `${t.name} ${seconds(t.ms)} (from ${seconds(t.at)})${t.passed ? '' : ' (failed)'}`).join(', ')}; all ${seconds(Date.now() - started)}.`);
if (failed || passed.size < Object.keys(PHASES).length) {
  console.error(`${failed?.name ?? 'A phase'} failed.`);
  process.exit(1);
}
