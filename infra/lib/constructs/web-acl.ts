import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface WebAclProps {
  /** REGIONAL for API Gateway stages; CLOUDFRONT (created in us-east-1) for the portal's distribution. */
  readonly scope: 'REGIONAL' | 'CLOUDFRONT';
  /** Requests per 5 minutes from one IP before it is blocked for a while. */
  readonly rateLimitPer5Minutes: number;
  /**
   * Managed rules that only count here: the product API takes multipart media
   * bodies of up to 6 MB, which the common rule set's 8 KB body limit would block.
   */
  readonly countOnly?: readonly string[];
}

const managed = (priority: number, name: string, countOnly: readonly string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
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
 * guard against floods (our own per-key limits count the paid work).
 */
export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${id}WebAcl` },
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        managed(1, 'AWSManagedRulesCommonRuleSet', props.countOnly),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
        {
          name: 'rate-per-ip',
          priority: 3,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: props.rateLimitPer5Minutes, aggregateKeyType: 'IP' } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${id}RatePerIp` },
        },
      ],
    });
  }

  /** Puts the ACL in front of a regional resource (an API Gateway stage). */
  associate(id: string, resourceArn: string): wafv2.CfnWebACLAssociation {
    return new wafv2.CfnWebACLAssociation(this, id, { resourceArn, webAclArn: this.acl.attrArn });
  }
}
