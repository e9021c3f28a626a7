import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { FAILED_FILE, FLATTENED_FILE, SYNTHESIS_DIR_VARIABLE, assemblyDirOf } from './shared-synthesis-files';

export interface SharedSynthesis {
  /** The product stack with its nested stacks inlined (`flatten-nested.ts`). */
  readonly template: Template;
  /** Cloud assembly directory: staged assets (e.g. the SPA's config.json) live here. */
  readonly outdir: string;
}

/** Far longer than a synthesis on a busy machine takes; only a hung process reaches it. */
const WAIT_LIMIT_MS = 10 * 60_000;
const POLL_MS = 200;

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

let folder: string | undefined;
/** The folder of the run's default synthesis, once complete; a test file waits here while it is under way. */
function synthesisDir(): string {
  if (folder) return folder;
  const dir = process.env[SYNTHESIS_DIR_VARIABLE];
  if (!dir) throw new Error(`${SYNTHESIS_DIR_VARIABLE} is unset: the infra project's global set-up synthesizes the default app`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!existsSync(join(dir, FLATTENED_FILE))) {
    if (existsSync(join(dir, FAILED_FILE))) throw new Error(`The default app failed to synthesize: ${readFileSync(join(dir, FAILED_FILE), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The default app was not synthesized within ${WAIT_LIMIT_MS / 60_000} minutes (${dir})`);
    pause(POLL_MS);
  }
  folder = dir;
  return dir;
}

/**
 * The default app (no context) as every test file sees it, synthesized once
 * per run by the global set-up rather than once per file. Files that need a
 * context of their own, or the construct tree, synthesize with `synthStack`.
 */
export function sharedSynthesis(): SharedSynthesis {
  const dir = synthesisDir();
  const template = Template.fromJSON(JSON.parse(readFileSync(join(dir, FLATTENED_FILE), 'utf8')) as Record<string, unknown>);
  return { template, outdir: assemblyDirOf(dir) };
}

/** The default app's cloud assembly: each stack's own template, environment and synthesis messages. */
export const sharedAssembly = (): CloudAssembly => new CloudAssembly(assemblyDirOf(synthesisDir()));

/** One stack of the default app, e.g. `FrameForgeEdge`, as `Template.fromStack` gives it. */
export const sharedStackTemplate = (stackName: string): Template =>
  Template.fromJSON(sharedAssembly().getStackArtifact(stackName).template as Record<string, unknown>);
