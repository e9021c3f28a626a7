import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { firewallRateLimited } from '@frameforge/functions/kernel/http/gateway-responses';
import { bodySizeLimit, type BodySizeExemption } from './web-acl-body-size';
import { WebAclLogging } from './web-acl-logging';

export type { BodySizeExemption } from './web-acl-body-size';

/** The rate rule counts each address over this window, the longest WAF offers (the most even count). */
export const RATE_WINDOW_SECONDS = 300;

export interface WebAclProps {
  /** REGIONAL for API Gateway stages; CLOUDFRONT (created in us-east-1) for the portal's distribution. */
  readonly scope: 'REGIONAL' | 'CLOUDFRONT';
  /** Requests per 5 minutes from one IP before it is blocked for a while. */
  readonly rateLimitPer5Minutes: number;
  /**
   * Managed rules of the common rule set that only count here, for bodies
   * the API takes that the rule would refuse (see the API's construct).
   */
  readonly countOnly?: readonly string[];
  /**
   * Requests whose body may exceed the common rules' 8 KB limit: that limit
   * then counts in the managed group, and a rule of ours right after it
   * blocks what it flagged on every other request.
   */
  readonly bodySizeExemptions?: readonly BodySizeExemption[];
  /** What the per-IP rate rule answers: a 429 with Retry-After, in the body its clients read. */
  readonly rateLimited: { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly contentType: 'APPLICATION_JSON' | 'TEXT_PLAIN'; readonly body: string };
}

const RATE_LIMITED_BODY = 'rate-limited';

const managed = (name: string, countOnly: readonly string[] = []): Omit<wafv2.CfnWebACL.RuleProperty, 'priority'> => ({
  name,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(countOnly.length ? { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
    },
  },
  visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name },
});

/**
 * AWS WAF in front of an API or the portal: AWS's common rules, known bad
 * inputs and IP reputation list, and a per-IP rate rule as the outermost
 * guard against floods (our own per-key limits count the paid work). What
 * it blocks or counts is logged (`web-acl-logging.ts`).
 */
export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly logging: WebAclLogging;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const exemptions = props.bodySizeExemptions ?? [];
    const countOnly = [...(props.countOnly ?? []), ...(exemptions.length ? ['SizeRestrictions_BODY'] : [])];
    const rules: Omit<wafv2.CfnWebACL.RuleProperty, 'priority'>[] = [
      managed('AWSManagedRulesAmazonIpReputationList'),
      managed('AWSManagedRulesCommonRuleSet', [...new Set(countOnly)]),
      ...(exemptions.length ? [bodySizeLimit(exemptions, `${id}BodySize`)] : []),
      managed('AWSManagedRulesKnownBadInputsRuleSet'),
      {
        name: 'rate-per-ip',
        // A flood refused as a rate limit: 429 with Retry-After, not WAF's bare 403.
        action: {
          block: {
            customResponse: {
              responseCode: props.rateLimited.status,
              customResponseBodyKey: RATE_LIMITED_BODY,
              responseHeaders: Object.entries(props.rateLimited.headers ?? {}).map(([name, value]) => ({ name, value })),
            },
          },
        },
        statement: { rateBasedStatement: { limit: props.rateLimitPer5Minutes, evaluationWindowSec: RATE_WINDOW_SECONDS, aggregateKeyType: 'IP' } },
        visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${id}RatePerIp` },
      },
    ];
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      customResponseBodies: { [RATE_LIMITED_BODY]: { contentType: props.rateLimited.contentType, content: props.rateLimited.body } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${id}WebAcl` },
      // Priorities follow the order above: a label is only seen by rules after the one that adds it.
      rules: rules.map((rule, priority) => ({ ...rule, priority })),
    });
    this.logging = new WebAclLogging(this, 'Logging', this.acl);
  }

  /** Puts the ACL in front of a regional resource (an API Gateway stage). */
  associate(id: string, resourceArn: string): wafv2.CfnWebACLAssociation {
    return new wafv2.CfnWebACLAssociation(this, id, { resourceArn, webAclArn: this.acl.attrArn });
  }
}

/** The flood guard's answer in front of an API: the shared JSON 429 of that API. */
export function firewallAnswer(api: 'portal' | 'product'): WebAclProps['rateLimited'] {
  const { status, body, headers } = firewallRateLimited(api);
  return { status, contentType: 'APPLICATION_JSON', body: JSON.stringify(body), ...(headers ? { headers } : {}) };
}
