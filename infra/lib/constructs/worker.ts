import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Construct } from 'constructs';
import { buckets, queues } from '@frameforge/functions/kernel/contracts/resources';
import { DEPLOYED_VOICE_PROVIDER } from '@frameforge/functions/features/jobs/contracts/voices';
import { WORKER_STOP_TIMEOUT_SECONDS } from '@frameforge/functions/features/jobs/contracts/worker-lifecycle';
import { repoRoot } from '../paths';
import { allowObjects, allowTable } from './function-grants';
import { grantUserLookup, type Notifications } from './notifications';
import { scaleOnBacklog, workerTaskBounds, type TaskBounds } from './worker-scaling';

export interface WorkerProps {
  readonly queue: sqs.IQueue;
  /** Where a job's message goes after its last try; the worker settles those jobs as failed. */
  readonly deadLetterQueue: sqs.IQueue;
  readonly mediaBucket: s3.Bucket;
  readonly jobsTable: dynamodb.ITable;
  /** Callback deliveries: the worker queues the first try and every retry, and sends them. */
  readonly callbacksQueue: sqs.IQueue;
  /** Running-job slots per user (each plan's concurrency cap). */
  readonly usageCountersTable: dynamodb.ITable;
  /** The per-user secrets that sign callbacks (made on first use). */
  readonly callbackSecretsTable: dynamodb.ITable;
  /** Job-failure e-mails and the concurrency usage alert: the sender, the owner's address and preferences. */
  readonly notifications: Notifications;
  readonly userPoolId: string;
  readonly userProfilesTable: dynamodb.ITable;
  readonly portalUrl: string;
  /** Opens the secrets a job carries sealed (the caller's ElevenLabs key); never seals. */
  readonly sealingKey: kms.IKey;
  /** `TABLE_*` variables of every table; the worker is granted the jobs, usage-counter, callback-secret, and (read) user-profile tables only: the request logs follow from the jobs table's stream. */
  readonly tableEnvironment: Record<string, string>;
}

/** Dockerfile of the worker, relative to the build context (the repository root). */
export const WORKER_DOCKERFILE = 'containers/worker/Dockerfile';

/** The worker's image bundle (`npm run build:worker`, which `cdk synth` runs first): the one folder of the repository the image copies. */
export const WORKER_IMAGE_BUNDLE = 'containers/worker/dist/image';

/** The build context is the repository root, narrowed to the Dockerfile and the image bundle (Docker ignore syntax: exclude all, re-include). */
const WORKER_CONTEXT_ALLOWLIST = ['*', `!${WORKER_DOCKERFILE}`, `!${WORKER_IMAGE_BUNDLE}`];

/** A missing image bundle fails the synth with what to run, rather than the deploy's image build. */
function requireImageBundle(): void {
  const dir = join(repoRoot, WORKER_IMAGE_BUNDLE);
  if (!existsSync(join(dir, 'worker.js'))) throw new Error(`No worker image bundle in ${dir}: run \`npm run build:worker\` first.`);
}

/**
 * The ffmpeg worker on Fargate, fed by the media queue and scaled on its
 * backlog between the `workerMinTasks` and `workerMaxTasks` context values.
 */
export class Worker extends Construct {
  readonly service: ecs.FargateService;
  /** The worker's JSON log lines (one `job ended` line per job): the job metrics are filtered from here. */
  readonly logGroup: logs.LogGroup;
  readonly bounds: TaskBounds;
  readonly taskDefinition: ecs.FargateTaskDefinition;

  constructor(scope: Construct, id: string, props: WorkerProps) {
    super(scope, id);
    const bounds = (this.bounds = workerTaskBounds(this.node));

    // No NAT gateway (~$33/month each, idle or not): tasks run in public subnets
    // with a public IP, and reach only AWS APIs and input URLs outbound (no
    // inbound rule). S3 and DynamoDB go through free gateway endpoints.
    const vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 }],
      gatewayEndpoints: {
        S3: { service: ec2.GatewayVpcEndpointAwsService.S3 },
        DynamoDB: { service: ec2.GatewayVpcEndpointAwsService.DYNAMODB },
      },
      // Refused connections only: the trace of anything probing the tasks, at a fraction of full flow logs' cost.
      flowLogs: {
        rejected: {
          trafficType: ec2.FlowLogTrafficType.REJECT,
          destination: ec2.FlowLogDestination.toCloudWatchLogs(
            new logs.LogGroup(this, 'FlowLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
          ),
        },
      },
    });
    const cluster = new ecs.Cluster(this, 'Cluster', {
      vpc,
      containerInsightsV2: ecs.ContainerInsights.ENABLED,
    });

    // x86_64: Debian's ffmpeg is the same on both, but the heavier stages planned
    // for this image (whisper, demucs via PyTorch) have their best-supported
    // wheels and fastest kernels on x86_64, and the image then builds natively
    // on common CI runners without emulation.
    this.taskDefinition = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: 2048,
      memoryLimitMiB: 4096,
      ephemeralStorageGiB: 50,
      runtimePlatform: {
        cpuArchitecture: ecs.CpuArchitecture.X86_64,
        operatingSystemFamily: ecs.OperatingSystemFamily.LINUX,
      },
    });
    const logGroup = (this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    Validations.of(this.taskDefinition).acknowledge({
      id: 'AwsSolutions-ECS2',
      reason: 'The environment holds names, ids and URLs only; secrets are sealed with KMS or read from Secrets Manager at run time.',
    });
    requireImageBundle();
    this.taskDefinition.addContainer('worker', {
      image: ecs.ContainerImage.fromAsset(repoRoot, {
        file: WORKER_DOCKERFILE,
        exclude: WORKER_CONTEXT_ALLOWLIST,
        platform: Platform.LINUX_AMD64,
      }),
      logging: ecs.LogDrivers.awsLogs({ logGroup, streamPrefix: 'worker' }),
      environment: {
        ...props.tableEnvironment,
        [buckets.media.envVar]: props.mediaBucket.bucketName,
        [queues.media.envVar]: props.queue.queueUrl,
        [queues.media.deadLetterEnvVar]: props.deadLetterQueue.queueUrl,
        [queues.callbacks.envVar]: props.callbacksQueue.queueUrl,
        SEALING_KMS_KEY_ID: props.sealingKey.keyId,
        ...props.notifications.environment(),
        USER_POOL_ID: props.userPoolId,
        PORTAL_URL: props.portalUrl,
        AWS_REGION: Stack.of(this).region,
        // The same value as the API functions', so the API accepts only the voices this worker can run.
        VOICE_PROVIDER: DEPLOYED_VOICE_PROVIDER,
      },
      // On SIGTERM (scale-in, deploy) the worker finishes its job or releases it back to the
      // queue before SIGKILL; its window is derived from this same constant.
      stopTimeout: Duration.seconds(WORKER_STOP_TIMEOUT_SECONDS),
      // The image's check, for ECS (which ignores the Dockerfile's): the job loop's heartbeat is fresh.
      healthCheck: {
        command: ['CMD', 'node', 'healthcheck.js'],
        interval: Duration.seconds(30),
        timeout: Duration.seconds(5),
        startPeriod: Duration.seconds(60),
        retries: 3,
      },
    });

    props.queue.grantConsumeMessages(this.taskDefinition.taskRole);
    props.deadLetterQueue.grantConsumeMessages(this.taskDefinition.taskRole);
    props.callbacksQueue.grantConsumeMessages(this.taskDefinition.taskRole);
    props.callbacksQueue.grantSendMessages(this.taskDefinition.taskRole);
    // Named actions on this stack's own tables and indexes, and the media bucket's objects (no `s3:*Object*`).
    const role = this.taskDefinition.taskRole;
    allowTable(role, props.callbackSecretsTable.tableArn, 'callbackSecrets', 'readwrite');
    allowTable(role, props.usageCountersTable.tableArn, 'usageCounters', 'readwrite');
    allowTable(role, props.userProfilesTable.tableArn, 'userProfiles', 'read');
    allowTable(role, props.jobsTable.tableArn, 'jobs', 'readwrite');
    props.sealingKey.grantDecrypt(role);
    props.notifications.grantSend(role);
    grantUserLookup(role, props.userPoolId, this);
    // Outputs go up as multipart uploads; a failed one is aborted so no part is left behind.
    allowObjects(role, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'], props.mediaBucket);
    this.grantTaskProtection(cluster);
    const executionPolicy = this.taskDefinition.executionRole?.node.tryFindChild('DefaultPolicy');
    if (executionPolicy) {
      Validations.of(executionPolicy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ecr:GetAuthorizationToken, which pulls the image, takes no resource; every other action is on this image and log group.',
      });
    }

    this.service = new ecs.FargateService(this, 'Service', {
      cluster,
      taskDefinition: this.taskDefinition,
      // No desired count: a deployment then keeps the tasks the scaling runs
      // (a fixed one would reset it), and a new service starts one task.
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      minHealthyPercent: 100,
      circuitBreaker: { rollback: true },
    });

    scaleOnBacklog(this.service, props.queue, props.deadLetterQueue, bounds);
  }

  /** Scale-in protection while a job runs: the ECS agent sets it with the task role, on this cluster's tasks only. */
  private grantTaskProtection(cluster: ecs.Cluster): void {
    const stack = Stack.of(this);
    this.taskDefinition.taskRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ecs:UpdateTaskProtection', 'ecs:GetTaskProtection'],
        resources: [
          stack.formatArn({ service: 'ecs', resource: 'task', resourceName: `${cluster.clusterName}/*`, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
        ],
      }),
    );
    // cdk-nag names the finding after the ARN as it renders it: pseudo parameters and references in angle brackets.
    const shown = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
    const clusterId = String(stack.resolve((cluster.node.defaultChild as ecs.CfnCluster).logicalId));
    const arn = `arn:<AWS::Partition>:ecs:${shown(stack.region, 'AWS::Region')}:${shown(stack.account, 'AWS::AccountId')}:task/<${clusterId}>/*`;
    const policy = this.taskDefinition.taskRole.node.tryFindChild('DefaultPolicy');
    if (policy) {
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${arn}]`,
        reason: 'A task protects itself by its own id, known only at run time; the grant is held to this cluster’s tasks.',
      });
    }
  }
}
