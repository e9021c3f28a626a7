import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { routes, standaloneFunctions, type RouteDefinition } from '../kernel/http/routes';

/**
 * Where each Lambda function's bundle lives, shared by the build, the local
 * gateway, the CDK and the checks (no esbuild here: the CDK app reads only this).
 */
export const repoRoot = resolve(__dirname, '../../..');
export const featuresDir = join(repoRoot, 'functions/src/features');
export const defaultBundlesDir = join(repoRoot, 'functions/dist/lambda');

/** Every Lambda handler module of the product, as the route table and the standalone functions name them. */
export interface LambdaFunctionSpec {
  readonly handler: string;
  readonly nativeModules: readonly string[];
  readonly route?: RouteDefinition;
}

export function lambdaFunctions(): LambdaFunctionSpec[] {
  const byHandler = new Map<string, LambdaFunctionSpec>();
  for (const route of routes) {
    if (!byHandler.has(route.handler)) byHandler.set(route.handler, { handler: route.handler, nativeModules: route.nativeModules ?? [], route });
  }
  for (const handler of Object.values(standaloneFunctions)) {
    if (!byHandler.has(handler)) byHandler.set(handler, { handler, nativeModules: [] });
  }
  return [...byHandler.values()];
}

/**
 * The source of a handler the route table names (`product/cut`): each lives in
 * its feature's room, as `features/<feature>/handlers/<handler>.ts`.
 */
export function handlerSourceOf(handler: string): { feature: string; file: string } {
  const found = readdirSync(featuresDir)
    .map((feature) => ({ feature, file: join(featuresDir, feature, 'handlers', `${handler}.ts`) }))
    .filter(({ file }) => existsSync(file));
  const [only] = found;
  if (!only || found.length > 1) throw new Error(`Handler ${handler} is in ${found.length} features: ${found.map((f) => f.feature).join(', ') || 'none'}`);
  return only;
}

/** The file Lambda's `index.handler` names in each function's folder: an ES module. */
export const BUNDLE_ENTRY = 'index.mjs';

/** The folder of one function's bundle: `index.mjs` (its `handler` export), its `chunks/`, the maps and any native modules. */
export const bundleDirOf = (bundlesDir: string, handler: string): string => join(bundlesDir, handler);

