import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLambdaBundles } from '@frameforge/functions/bundling/lambda-bundles';
import { buildImageBundle } from '@frameforge/worker/image/image-bundle';
import { freePort } from '@frameforge/local-stack/processes';
import type { BrowserServer } from 'playwright-core';
import { startSharedBrowser } from '../e2e/chromium';
import { startStackProcess, type RunningStack } from './stack-process';

declare global {
  var frameforgeStack: RunningStack | undefined;
  var frameforgeBrowser: BrowserServer | undefined;
}

/** One stack for the integration and browser tests (and one browser for the latter), serving the built Lambda bundles; its endpoints reach them through the environment. */
export default async function globalSetup(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'frameforge-test-'));
  // The fixture server's port is the only internal address the stack's fetcher may reach (URL inputs, callbacks).
  const fixturePort = await freePort();
  process.env.FRAMEFORGE_FIXTURE_PORT = String(fixturePort);
  process.env.FETCH_ALLOW_HOSTS = `127.0.0.1:${fixturePort}`;
  // The stack serves the Lambda bundles that deploy (one esbuild configuration with the CDK), not the sources.
  // They are built into this run's own folder, so two runs side by side never swap bundles under each other;
  // the shard runner builds them once for all its shards (STACK_LAMBDA_BUNDLES_DIR).
  const shared = process.env.STACK_LAMBDA_BUNDLES_DIR;
  process.env.LAMBDA_BUNDLES_DIR = shared ?? (await buildLambdaBundles(join(stateDir, 'lambda'))).bundlesDir;
  // The worker too runs as its image does, from the bundle the image copies (one worker.js), built the same way.
  const sharedWorker = process.env.STACK_WORKER_IMAGE_DIR;
  if (sharedWorker) process.env.WORKER_IMAGE_DIR = sharedWorker;
  else {
    process.env.WORKER_IMAGE_DIR = join(stateDir, 'worker-image');
    await buildImageBundle(process.env.WORKER_IMAGE_DIR);
  }
  // One Chromium for every browser suite of this run, launched while the stack starts.
  const [stack, browser] = await Promise.all([startStackProcess(stateDir), startSharedBrowser()]);
  globalThis.frameforgeStack = stack;
  globalThis.frameforgeBrowser = browser;
  process.env.FRAMEFORGE_STATE_DIR = stateDir;
  process.env.FRAMEFORGE_ENDPOINTS = JSON.stringify(stack.endpoints);
  writeFileSync(join(stateDir, 'test-run.txt'), new Date().toISOString());
}
