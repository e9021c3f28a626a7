import type { LambdaFunctionSpec } from '@frameforge/functions/bundling/bundle-layout';

/** What every Cognito trigger event carries, for the one sample user. */
const cognitoTrigger = {
  version: '1',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_sample',
  userName: 'sample-user',
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'sample-client' },
};
const userAttributes = { sub: 'sample-user', email: 'someone@example.com' };

/**
 * The first event each kind of function meets in production, with no
 * identity attached: every one must be answered without reaching AWS.
 */
export function sampleEventOf(spec: LambdaFunctionSpec): unknown {
  if (spec.route) {
    const path = spec.route.path.replace(/\{(\w+)\}/g, 'sample-$1');
    const pathParameters = Object.fromEntries([...spec.route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `sample-${m[1]}`]));
    return {
      resource: spec.route.path,
      path,
      httpMethod: spec.route.method,
      headers: { Accept: 'application/json', 'User-Agent': 'bundle-check' },
      multiValueHeaders: { Accept: ['application/json'], 'User-Agent': ['bundle-check'] },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
      stageVariables: null,
      requestContext: {
        accountId: '123456789012',
        apiId: 'sampleapi',
        stage: 'v1',
        requestId: 'bundle-check-request',
        httpMethod: spec.route.method,
        path: `/v1${path}`,
        resourcePath: spec.route.path,
        identity: { sourceIp: '203.0.113.7', userAgent: 'bundle-check' },
        requestTimeEpoch: Date.now(),
      },
      body: null,
      isBase64Encoded: false,
    };
  }
  if (spec.handler.endsWith('/authorizer')) {
    return {
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:sampleapi/v1/GET/account',
      resource: '/account',
      path: '/account',
      httpMethod: 'GET',
      headers: { 'x-api-key': 'ff_not-a-real-key' },
      requestContext: { requestId: 'bundle-check-request', stage: 'v1', apiId: 'sampleapi' },
    };
  }
  if (spec.handler.endsWith('/pre-token-generation')) {
    return {
      ...cognitoTrigger,
      triggerSource: 'TokenGeneration_Authentication',
      request: { userAttributes, groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] } },
      response: { claimsOverrideDetails: null },
    };
  }
  return {
    ...cognitoTrigger,
    triggerSource: 'CustomMessage_SignUp',
    request: { userAttributes, codeParameter: '{####}', linkParameter: '{##Click Here##}', usernameParameter: null },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}
