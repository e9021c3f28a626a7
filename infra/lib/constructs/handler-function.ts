import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry, lockFile, repoRoot } from '../paths';

export interface HandlerFunctionProps {
  /** Module under `functions/src/handlers`, without extension (as in the route table). */
  readonly handler: string;
  readonly environment: Record<string, string>;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /** Installed beside the bundle rather than bundled (native code); the function then runs on x86_64, as built here. */
  readonly nativeModules?: readonly string[];
}

/** `product/get-task` → `ProductGetTask`: a stable logical id per handler module. */
export const functionId = (handler: string): string =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * One Lambda function for one handler module, with the settings every
 * function of the product shares. arm64 is cheaper per ms for the same work;
 * the handlers carry no native code.
 */
export class HandlerFunction extends Construct {
  readonly fn: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    // An explicit log group: the retention is part of the stack, not a custom resource.
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.fn = new nodejs.NodejsFunction(this, 'Function', {
      entry: handlerEntry(props.handler),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.nativeModules?.length ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      memorySize: props.memoryMb ?? 512,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: nodejs.OutputFormat.CJS,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // The AWS SDK is bundled, not taken from the runtime: the version that
        // ran in tests (e.g. for `requestChecksumCalculation`) is the one deployed.
        externalModules: [],
        ...(props.nativeModules?.length ? { nodeModules: [...props.nativeModules] } : {}),
      },
    });
  }
}
