import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Construct } from 'constructs';
import { defaultBundlesDir } from '@frameforge/functions/bundling/bundle-layout';

/**
 * Absolute paths into the repository. Resolved from this file rather than the
 * working directory, so `cdk synth` (run from the root) and jest agree.
 */
export const repoRoot = resolve(__dirname, '../..');

/** Where the Lambda bundles were built (`npm run build:functions`); context `lambdaBundlesDir` points elsewhere. */
export const lambdaBundlesDir = (scope: Construct): string => {
  const fromContext: unknown = scope.node.tryGetContext('lambdaBundlesDir');
  return typeof fromContext === 'string' ? resolve(repoRoot, fromContext) : defaultBundlesDir;
};

export const frontendDist = join(repoRoot, 'frontend/dist');

export const hasFrontendBuild = (): boolean => existsSync(join(frontendDist, 'index.html'));
