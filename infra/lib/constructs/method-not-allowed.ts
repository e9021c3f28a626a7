import { Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { methodNotAllowedTemplate } from '@frameforge/functions/kernel/http/gateway-responses';
import { routes, type ApiId } from '@frameforge/functions/kernel/http/routes';

/**
 * An `ANY` method on every resource of the API, answering 405 with `Allow`
 * from a mock integration: API Gateway prefers a resource's own methods, so
 * only the methods it lacks reach it. Without one, a wrong method on a known
 * path is API Gateway's "Missing Authentication Token", which reads as 404.
 * The body is the one the local gateway sends (`methodNotAllowed`).
 */
export function addMethodNotAllowed(api: apigateway.RestApi, apiId: ApiId, corsOrigin?: string): void {
  // A browser on the portal must be able to read the 405 too.
  const cors: Record<string, string> = corsOrigin ? { 'method.response.header.Access-Control-Allow-Origin': `'${corsOrigin}'` } : {};
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes.filter((r) => r.api === apiId)) methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath) {
    const resource = path === '/' ? api.root : api.root.resourceForPath(path);
    const integration = new apigateway.MockIntegration({
      // Whatever the body, the mock answers; the one integration response makes it a 405.
      passthroughBehavior: apigateway.PassthroughBehavior.WHEN_NO_MATCH,
      requestTemplates: { 'application/json': '{"statusCode": 405}' },
      integrationResponses: [
        {
          statusCode: '405',
          responseTemplates: { 'application/json': methodNotAllowedTemplate(apiId, path, methods) },
          responseParameters: { 'method.response.header.Allow': `'${methods.join(', ')}'`, ...cors },
        },
      ],
    });
    const method = resource.addMethod('ANY', integration, {
      authorizationType: apigateway.AuthorizationType.NONE,
      methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.Allow': true, ...(corsOrigin ? { 'method.response.header.Access-Control-Allow-Origin': true } : {}) } }],
    });
    const reason = 'Answers only 405 with the methods the path takes, from a mock integration: nothing runs and nothing is read, so there is nothing to authorize.';
    for (const id of ['AwsSolutions-COG4', 'AwsSolutions-APIG4']) Validations.of(method).acknowledge({ id, reason });
  }
}
