import { Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { routes, type ApiId, type RouteDefinition } from '../../../functions/src/http/routes';
import type { ApiFunctions, Identity } from './api-functions';

export const STAGE_NAME = 'prod';

/**
 * Base URL of an API's stage, built from the API id and the literal stage
 * name. `RestApi.url` refers to the Stage, which depends on every method and
 * so on every function; a function that carries its own API's URL in its
 * environment would close a cycle.
 */
export function stageUrl(api: apigateway.IRestApi): string {
  const stack = Stack.of(api);
  return `https://${api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}/${STAGE_NAME}/`;
}

/** Adds one route of the route table as a proxy integration to its own function. */
export function addRoute(
  api: apigateway.RestApi,
  route: RouteDefinition,
  fn: lambda.IFunction,
  options: apigateway.MethodOptions,
): apigateway.Method {
  const resource = route.path === '/' ? api.root : api.root.resourceForPath(route.path);
  return resource.addMethod(route.method, new apigateway.LambdaIntegration(fn, { proxy: true }), options);
}

/** Full URL of the route of `handler` on one API, from the route table. */
export function routeUrl(apiUrl: string, apiId: ApiId, handler: string): string {
  const route = routes.find((r) => r.api === apiId && r.handler === handler);
  if (!route) throw new Error(`No ${apiId} route for handler ${handler}`);
  return `${apiUrl}${route.path.replace(/^\//, '')}`;
}

/**
 * Every route of one API from the route table, each with its own function
 * granted what its route declares.
 */
export function addApiRoutes(
  api: apigateway.RestApi,
  apiId: ApiId,
  functions: ApiFunctions,
  identity: Identity,
  authorize: (route: RouteDefinition) => apigateway.MethodOptions,
): void {
  for (const route of routes.filter((r) => r.api === apiId)) {
    const fn = functions.create(route.handler, {
      identity,
      ...(route.timeoutSeconds ? { timeoutSeconds: route.timeoutSeconds } : {}),
      ...(route.memoryMb ? { memoryMb: route.memoryMb } : {}),
      ...(route.nativeModules ? { nativeModules: route.nativeModules } : {}),
    });
    addRoute(api, route, fn, authorize(route));
  }
}
