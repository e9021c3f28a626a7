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

const streamJob = (status: string) => ({
  id: { S: 'job-sample' },
  userId: { S: 'sample-user' },
  status: { S: status },
  error: status === 'failed' ? { M: { code: { S: 'internal_error' }, message: { S: 'Error: the job failed on our side.' }, param: { NULL: true }, hint: { NULL: true } } } : { NULL: true },
  updatedAt: { S: '2026-03-01T10:00:07.000Z' },
  completedAt: status === 'processing' ? { NULL: true } : { S: '2026-03-01T10:00:07.000Z' },
  requestLogIds: { L: [{ S: 'log-sample' }] },
});
const streamChange = (sequence: string, status: string, before: string) => ({
  eventID: `event-${sequence}`,
  eventName: 'MODIFY',
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'eu-west-1',
  eventSourceARN: 'arn:aws:dynamodb:eu-west-1:123456789012:table/jobs/stream/2026-03-01T00:00:00.000',
  dynamodb: { Keys: { id: { S: 'job-sample' } }, NewImage: streamJob(status), OldImage: streamJob(before), SequenceNumber: sequence, SizeBytes: 400, StreamViewType: 'NEW_AND_OLD_IMAGES' },
});
/** The jobs table's stream: a progress report (passed over), then a job's end, whose log rows are out of reach here. */
const jobStreamEvent = { Records: [streamChange('100', 'processing', 'processing'), streamChange('101', 'failed', 'processing')] };

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
  if (spec.handler.startsWith('streams/')) return jobStreamEvent;
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
