import { Annotations, type App, type Stack, Token, Validations } from 'aws-cdk-lib';
import { EdgeStack } from './edge-stack';
import { FrameForgeStack } from './frameforge-stack';

export interface Deployment {
  readonly account?: string;
  readonly region?: string;
}

export interface FrameForgeApp {
  readonly main: FrameForgeStack;
  /** us-east-1's share (the portal's web ACL); absent when the region is not known at synthesis. */
  readonly edge?: EdgeStack;
}

/**
 * The whole app: the product stack in its region and, once that region is
 * known (a deploy with credentials, or `--region`), the edge stack in us-east-1
 * whose web ACL the portal's distribution uses through a cross-region reference.
 */
export function buildApp(app: App, deployment: Deployment): FrameForgeApp {
  const description = 'FrameForge: developer portal and FFmpeg API';
  const { account, region } = deployment;
  if (!region || Token.isUnresolved(region)) {
    const main = new FrameForgeStack(app, 'FrameForge', { description, env: { account, region } });
    Annotations.of(main).addWarningV2('frameforge:no-edge-waf', 'No region known at synthesis: the portal distribution is built without its AWS WAF web ACL. Deploy with a region (credentials or --region).');
    return { main };
  }
  const edge = new EdgeStack(app, 'FrameForgeEdge', {
    description: 'FrameForge: AWS WAF web ACL of the portal distribution (us-east-1)',
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
  });
  const main = new FrameForgeStack(app, 'FrameForge', { description, env: { account, region }, crossRegionReferences: true, webAclArn: edge.webAclArn });
  acknowledgeCrossRegionHelpers(main);
  acknowledgeCrossRegionHelpers(edge);
  return { main, edge };
}

/**
 * CDK's own cross-region reference helpers (a custom resource provider per
 * stack that writes or reads the ARN through SSM at deploy time).
 */
function acknowledgeCrossRegionHelpers(stack: Stack): void {
  const reason = "CDK's cross-region reference provider, run by CloudFormation at deploy time only; its runtime and grants are CDK's.";
  for (const helper of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CrossRegionExport'))) {
    for (const id of ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', 'AwsSolutions-L1', 'Serverless-LambdaDLQ', 'Serverless-LambdaLatestVersion', 'Serverless-LambdaTracing']) {
      Validations.of(helper).acknowledge({ id, reason });
    }
  }
}
