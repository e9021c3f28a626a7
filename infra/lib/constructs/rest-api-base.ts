import { Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { routes, type ApiId, type RouteDefinition } from '@frameforge/functions/kernel/http/routes';
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
  const method = resource.addMethod(route.method, proxyTo(fn), options);
  allowInvoke(api, route, fn);
  acknowledgeAuthorization(method, route);
  return method;
}

/**
 * A Lambda proxy integration as `LambdaIntegration` makes it, without the
 * invoke permission it would put beside the method, in the main template,
 * which holds a resource per route already: `allowInvoke` puts it beside
 * the function instead.
 */
function proxyTo(fn: lambda.IFunction): apigateway.Integration {
  return new apigateway.AwsIntegration({ proxy: true, service: 'lambda', path: `2015-03-31/functions/${fn.functionArn}/invocations` });
}

/**
 * API Gateway may invoke the function for this one method of this API's
 * stage, and nothing else. The source ARN names the stage by its literal name
 * (not the Stage resource, which depends on every method and so on every
 * function), so the permission can live in the function's own (nested) stack
 * without a cycle; no test-invoke permission: the console's test button is
 * not worth a resource per route.
 */
function allowInvoke(api: apigateway.RestApi, route: RouteDefinition, fn: lambda.IFunction): void {
  const path = route.path.replace(/\{[^}]+\}/g, '*');
  fn.addPermission(`ApiInvoke${route.api}${route.method}`, {
    principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
    sourceArn: api.arnForExecuteApi(route.method, path, STAGE_NAME),
  });
}

/** Why a route has no Cognito authorizer (cdk-nag COG4), or none at all (APIG4). */
function acknowledgeAuthorization(method: apigateway.Method, route: RouteDefinition): void {
  if (route.auth === 'cognito') return;
  if (route.auth === 'api-key') {
    Validations.of(method).acknowledge({ id: 'AwsSolutions-COG4', reason: 'The product API authenticates API keys with its Lambda authorizer; Cognito signs in portal users only.' });
    return;
  }
  // A new public route fails the synth until someone writes down why it is public.
  const reason = PUBLIC_BECAUSE[route.handler];
  if (!reason) throw new Error(`${route.method} ${route.path} has no authorizer and no reason to be public in PUBLIC_BECAUSE`);
  for (const id of ['AwsSolutions-COG4', 'AwsSolutions-APIG4']) Validations.of(method).acknowledge({ id, reason });
}

/** The routes anyone may call, and why. */
const PUBLIC_BECAUSE: Readonly<Record<string, string>> = {
  'portal/confirm-sign-up': 'The e-mail verification link: the new user has no session yet; the code in the link is what Cognito checks.',
  'billing/stripe-webhook': "Stripe's webhook: Stripe holds no token of ours; each call is proven by its signature, checked first.",
  'product/healthz': 'A health check for monitors, answering "ok" and nothing else.',
  'product/api-root': "The API's root: its name and where its reference lives.",
  'product/openapi': 'The public OpenAPI document of the API.',
};

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

/**
 * Requests are validated by each handler's zod schema, which answers in the
 * API's own error shape naming the field; a gateway model would duplicate
 * the rules and answer in another shape (cdk-nag APIG2).
 */
export function acknowledgeRequestValidation(api: apigateway.RestApi): void {
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-APIG2',
    reason: "Every handler validates its request with the contract's zod schema and answers a 400 naming the field, in the API's own error shape.",
  });
}
