import { join, resolve } from 'node:path';
import { routes, standaloneFunctions, type RouteDefinition } from '../http/routes';

/**
 * Where each Lambda function's bundle lives, shared by the build, the local
 * gateway, the CDK and the checks (no esbuild here: the CDK app reads only this).
 */
export const repoRoot = resolve(__dirname, '../../..');
export const handlersDir = join(repoRoot, 'functions/src/handlers');
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

/** The file Lambda's `index.handler` names in each function's folder: an ES module. */
export const BUNDLE_ENTRY = 'index.mjs';

/** The folder of one function's bundle: `index.mjs` (its `handler` export), its `chunks/`, the maps and any native modules. */
export const bundleDirOf = (bundlesDir: string, handler: string): string => join(bundlesDir, handler);

