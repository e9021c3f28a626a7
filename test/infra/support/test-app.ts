import type { AppProps } from 'aws-cdk-lib';

/** Where every test deploys: a known region, so the app has its us-east-1 edge stack beside the product stack. */
export const TEST_DEPLOYMENT = { account: '123456789012', region: 'eu-west-1' } as const;

/**
 * A test app's props: `context` stands in for `-c key=value`. No bundling at
 * synthesis: the app stages the Lambda bundles that `cdk synth` built.
 */
export function testAppProps(context: Record<string, string> = {}, outdir?: string): AppProps {
  return { context: { ...context, 'aws:cdk:bundling-stacks': [] }, analyticsReporting: false, ...(outdir ? { outdir } : {}) };
}
