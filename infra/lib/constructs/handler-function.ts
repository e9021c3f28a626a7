import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BUNDLE_ENTRY, bundleDirOf } from '@frameforge/functions/bundling/bundle-layout';
import { lambdaBundlesDir } from '../paths';

export interface HandlerFunctionProps {
  /** Handler as the route table names it (`product/cut`: `functions/src/features/<feature>/handlers/product/cut.ts`). */
  readonly handler: string;
  readonly environment: Record<string, string>;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /** Installed beside the bundle rather than bundled (native code); the function then runs on x86_64, as built. */
  readonly nativeModules?: readonly string[];
  /** Executions held for this function and its ceiling (`function-concurrency.ts`). */
  readonly reservedConcurrency?: number;
}

/** `product/get-task` → `ProductGetTask`: a stable logical id per handler module. */
export const functionId = (handler: string): string =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * One Lambda function for one handler module, with the settings every
 * function of the product shares. Its code is the bundle that
 * `npm run build:functions` made with the one esbuild configuration
 * (`functions/src/bundling/lambda-bundles.ts`): the folder the local test
 * stack served is the folder that deploys. arm64 is cheaper per ms for the
 * same work; only a function with native modules runs on x86_64.
 */
export class HandlerFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    // An explicit log group: the retention is part of the stack, not a custom resource.
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Its own role, writing to its own log group only (no account-wide managed
    // policy); what else it may touch is granted per function from the route table.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    // Maps stay beside each bundle in functions/dist/lambda for reading a trace offline; they
    // are 56 % of the zipped code, and Node applying them costs 15-20 ms of every cold start.
    // `-c lambdaSourceMaps=true` ships them and turns them on together, never one without the other.
    const withMaps = this.node.tryGetContext('lambdaSourceMaps') === 'true';
    this.fn = new lambda.Function(this, 'Function', {
      code: lambda.Code.fromAsset(bundleOf(this, props.handler), withMaps ? {} : { exclude: ['*.map'] }),
      handler: 'index.handler',
      role,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: props.nativeModules?.length ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      memorySize: props.memoryMb ?? 512,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { ...props.environment, ...(withMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}) },
      loggingFormat: lambda.LoggingFormat.JSON,
      ...(props.reservedConcurrency !== undefined ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
    });
    Validations.of(this.fn).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Invoked synchronously (API Gateway, Cognito triggers: the caller gets the error) or by a stream event source, which has its own on-failure queue: there is no async event to park.',
    });
    // X-Ray's PutTraceSegments and PutTelemetryRecords take no resource, nor does a stream consumer's
    // dynamodb:ListStreams; the least-privilege test allows `*` for those actions and nothing else.
    const policy = role.node.tryFindChild('DefaultPolicy');
    if (policy) {
      Validations.of(policy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: "X-Ray trace segments and telemetry, and a stream consumer's dynamodb:ListStreams, accept no resource ARN.",
      });
    }
  }
}

/** The built bundle of a handler; a missing one fails the synth with what to run. */
function bundleOf(scope: Construct, handler: string): string {
  const dir = bundleDirOf(lambdaBundlesDir(scope), handler);
  if (!existsSync(join(dir, BUNDLE_ENTRY))) {
    throw new Error(`No Lambda bundle for ${handler} in ${dir}: run \`npm run build:functions\` first.`);
  }
  return dir;
}
