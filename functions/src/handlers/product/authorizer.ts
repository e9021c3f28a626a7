import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { AuthenticationError } from '../../domain/shared/errors';
import { apiKeyService } from '../services';

function headerOf(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1] ?? undefined;
}

/**
 * REQUEST authorizer of the product API. The answer is cached per key for
 * 60 s, so the policy covers every route: a revoked key stops within 60 s.
 * Throwing 'Unauthorized' is how API Gateway is told to answer 401.
 */
export const handler = async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  let principal;
  try {
    principal = await apiKeyService().authenticate(headerOf(event, 'x-api-key'));
  } catch (error) {
    if (error instanceof AuthenticationError) throw new Error('Unauthorized');
    throw error;
  }
  await apiKeyService().markUsed(principal.apiKeyId);
  const [arnPrefix] = event.methodArn.split('/');
  return {
    principalId: principal.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: `${arnPrefix}/*` }],
    },
    context: { userId: principal.userId, apiKeyId: principal.apiKeyId },
  };
};
