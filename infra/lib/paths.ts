import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Absolute paths into the repository. Resolved from this file rather than the
 * working directory, so `cdk synth` (run from the root) and jest agree.
 */
export const repoRoot = resolve(__dirname, '../..');

/** Handler module of the route table, e.g. `product/cut`. */
export const handlerEntry = (handler: string): string => join(repoRoot, 'functions/src/handlers', `${handler}.ts`);

export const lockFile = join(repoRoot, 'package-lock.json');

export const frontendDist = join(repoRoot, 'frontend/dist');

export const hasFrontendBuild = (): boolean => existsSync(join(frontendDist, 'index.html'));
