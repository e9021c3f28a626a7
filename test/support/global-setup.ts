import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStackProcess, type RunningStack } from './stack-process';

declare global {
  var frameforgeStack: RunningStack | undefined;
}

/** One stack for the integration and browser tests; its endpoints reach them through the environment. */
export default async function globalSetup(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'frameforge-test-'));
  const stack = await startStackProcess(stateDir);
  globalThis.frameforgeStack = stack;
  process.env.FRAMEFORGE_STATE_DIR = stateDir;
  process.env.FRAMEFORGE_ENDPOINTS = JSON.stringify(stack.endpoints);
  writeFileSync(join(stateDir, 'test-run.txt'), new Date().toISOString());
}
