import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { frontendDist, hasFrontendBuild } from '../paths';
import { renderedArn, renderedPseudo } from './nag-findings';

/** Vite's output folder for content-hashed files. */
export const HASHED_ASSETS_DIR = 'assets';

export interface SiteFiles {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.IDistribution;
  readonly config: PortalConfig;
  readonly robotsTxt: string;
  /** The built SPA; by default `frontend/dist` when it exists, so synth works before a build. */
  readonly buildDir?: string;
}

/**
 * Two deployments because the two halves are cached differently. The hashed
 * files under `assets/` never change: browsers keep them a year, and they are
 * never pruned, so a tab opened before a deploy still finds its chunks. The
 * shell (`index.html`, `config.json`, `robots.txt`) is revalidated on every
 * load, so a deploy shows at once. The local portal host sends the same headers.
 */
export function deploySiteFiles(scope: Construct, files: SiteFiles): void {
  const buildDir = files.buildDir ?? (hasFrontendBuild() ? frontendDist : undefined);
  const build = buildDir ? [s3deploy.Source.asset(buildDir)] : [];
  // Both deployments run on CDK's one helper function: its log group, with a retention, is shared.
  const logGroup = new logs.LogGroup(scope, 'DeploymentLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
  const assets = build.length
    ? new s3deploy.BucketDeployment(scope, 'AssetsDeployment', {
        sources: build,
        destinationBucket: files.bucket,
        exclude: ['*'],
        include: [`${HASHED_ASSETS_DIR}/*`],
        prune: false,
        cacheControl: [s3deploy.CacheControl.setPublic(), s3deploy.CacheControl.maxAge(Duration.days(365)), s3deploy.CacheControl.immutable()],
        memoryLimit: 512,
        logGroup,
      })
    : undefined;
  const shell = new s3deploy.BucketDeployment(scope, 'Deployment', {
    sources: [...build, s3deploy.Source.jsonData('config.json', files.config), s3deploy.Source.data('robots.txt', files.robotsTxt)],
    destinationBucket: files.bucket,
    // Pruning the shell must never delete the hashed files the other deployment keeps.
    exclude: [`${HASHED_ASSETS_DIR}/*`],
    cacheControl: [s3deploy.CacheControl.noCache()],
    distribution: files.distribution,
    distributionPaths: ['/*'],
    memoryLimit: 512,
    logGroup,
  });
  // The new index.html must never point at chunks not uploaded yet.
  if (assets) shell.node.addDependency(assets);
  acknowledgeDeploymentHelper(scope, files.bucket);
}

/**
 * CDK's own BucketDeployment helper (one per stack): it runs at deploy time
 * only, copying the built SPA from CDK's asset bucket into the site bucket.
 * Its runtime, role and permissions are CDK's to choose.
 */
function acknowledgeDeploymentHelper(site: Construct, siteBucket: s3.Bucket): void {
  const stack = Stack.of(site);
  const helper = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!helper) return;
  const reason = "CDK's BucketDeployment helper, run by CloudFormation at deploy time only; its runtime and grants (CDK's asset bucket, this site bucket) are CDK's.";
  for (const id of [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Resource::*]',
    'AwsSolutions-L1',
    'Serverless-LambdaDLQ',
    'Serverless-LambdaLatestVersion',
  ]) {
    Validations.of(helper).acknowledge({ id, reason });
  }
  const assets = `arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${renderedPseudo(stack.account, 'AWS::AccountId')}-${renderedPseudo(stack.region, 'AWS::Region')}/*`;
  Validations.of(helper).acknowledge({ id: `AwsSolutions-IAM5[Resource::${assets}]`, reason });
  Validations.of(helper).acknowledge({ id: `AwsSolutions-IAM5[Resource::${renderedArn(helper, siteBucket.node.defaultChild as s3.CfnBucket)}/*]`, reason });
}
