import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * API Gateway writes access and execution logs with one role per account and
 * region (`AWS::ApiGateway::Account`). The stack sets it once, with an inline
 * policy, and both APIs' stages depend on it; a stage deployed before it
 * would fail to enable logging.
 */
export class ApiGatewayLogging extends Construct {
  readonly account: apigateway.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway writes the access and execution logs of the APIs of this stack',
      inlinePolicies: {
        logs: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              actions: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:DescribeLogGroups', 'logs:DescribeLogStreams', 'logs:PutLogEvents', 'logs:GetLogEvents', 'logs:FilterLogEvents'],
              resources: ['*'],
            }),
          ],
        }),
      },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'API Gateway names its execution log groups itself (API-Gateway-Execution-Logs_<api>/<stage>) when a stage first logs; this is the account-level logging role AWS prescribes.',
    });
    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
    // Other stacks of the account may rely on the same setting.
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}

/** One access log line per request, as JSON, with what an operator searches by. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  resourcePath: '$context.resourcePath',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integration.latency',
  integrationStatus: '$context.integration.status',
  apiKeyId: '$context.identity.apiKeyId',
  principalId: '$context.authorizer.principalId',
  authorizerError: '$context.authorizer.error',
  wafStatus: '$context.waf.status',
  errorMessage: '$context.error.message',
  errorType: '$context.error.responseType',
};

export interface StageOptions {
  readonly stageName: string;
  /** Stage-wide default throttle: the outer guard in front of every method. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/**
 * Deploy options shared by both APIs: JSON access logs to their own log group
 * (a month kept), execution logs for errors, X-Ray tracing, metrics, and the
 * stage's default throttle.
 */
export function loggedStageOptions(scope: Construct, apiName: string, options: StageOptions): apigateway.StageOptions {
  const accessLogs = new logs.LogGroup(scope, 'AccessLogs', {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  return {
    stageName: options.stageName,
    tracingEnabled: true,
    metricsEnabled: true,
    loggingLevel: apigateway.MethodLoggingLevel.ERROR,
    dataTraceEnabled: false,
    accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
    accessLogFormat: apigateway.AccessLogFormat.custom(JSON.stringify({ api: apiName, ...ACCESS_LOG_FIELDS })),
    throttlingRateLimit: options.throttle.rateLimit,
    throttlingBurstLimit: options.throttle.burstLimit,
  };
}

/**
 * The stage's execution log group, made by the stack with its retention:
 * API Gateway would otherwise create it on the first error it logs, kept
 * for ever. The stage waits for it, so API Gateway never makes it first.
 */
export function executionLogGroup(scope: Construct, api: apigateway.RestApi, stageName: string): logs.LogGroup {
  // The literal stage name: the stage's own reference would make it depend on itself through this group.
  const group = new logs.LogGroup(scope, 'ExecutionLogs', {
    logGroupName: `API-Gateway-Execution-Logs_${api.restApiId}/${stageName}`,
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  api.deploymentStage.node.addDependency(group);
  return group;
}

/** Makes a stage wait for the account's logging role. */
export function afterLoggingRole(api: apigateway.RestApi, logging: ApiGatewayLogging): void {
  api.deploymentStage.node.addDependency(logging.account);
}
