import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { deploySiteFiles } from '@frameforge/infra/lib/constructs/site-deployment';

describe('site files on S3 and CloudFront', () => {
  let buildDir: string;
  let outDir: string;
  let template: Template;

  beforeAll(() => {
    buildDir = mkdtempSync(join(tmpdir(), 'site-build-'));
    mkdirSync(join(buildDir, 'assets'));
    writeFileSync(join(buildDir, 'index.html'), '<!doctype html><script src="/assets/index-abc.js"></script>');
    writeFileSync(join(buildDir, 'assets/index-abc.js'), 'console.log(1)');
    outDir = mkdtempSync(join(tmpdir(), 'site-synth-'));
    const stack = new Stack(new App({ outdir: outDir }), 'Site');
    const bucket = new s3.Bucket(stack, 'Bucket');
    const distribution = new cloudfront.Distribution(stack, 'Distribution', {
      defaultBehavior: { origin: origins.S3BucketOrigin.withOriginAccessControl(bucket) },
    });
    deploySiteFiles(stack, { bucket, distribution, config: {} as PortalConfig, robotsTxt: 'User-agent: *\n', buildDir });
    template = Template.fromStack(stack);
  });
  afterAll(() => {
    for (const dir of [buildDir, outDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the hashed assets a year, immutable, and never prunes them (open tabs still find their chunks)', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('revalidates the shell on every load, invalidates the distribution, and never prunes the assets', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      DistributionId: Match.anyValue(),
    });
  });

  it('uploads the assets before the shell that points at them', () => {
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const [assetsId] = Object.entries(deployments).find(([, d]) => d.Properties.Prune === false) ?? [];
    const shell = Object.values(deployments).find((d) => d.Properties.DistributionPaths);
    expect(assetsId).toBeDefined();
    expect(shell?.DependsOn).toEqual(expect.arrayContaining([expect.stringContaining(assetsId as string)]));
  });
});
