import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { firewallRateLimited } from '@frameforge/functions/http/gateway-responses';

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
  /** What the per-IP rate rule answers: a 429 with Retry-After, in the body its clients read. */
  readonly rateLimited: { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly contentType: 'APPLICATION_JSON' | 'TEXT_PLAIN'; readonly body: string };
}

const RATE_LIMITED_BODY = 'rate-limited';

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
      customResponseBodies: { [RATE_LIMITED_BODY]: { contentType: props.rateLimited.contentType, content: props.rateLimited.body } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${id}WebAcl` },
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        managed(1, 'AWSManagedRulesCommonRuleSet', props.countOnly),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
        {
          name: 'rate-per-ip',
          priority: 3,
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

/** The flood guard's answer in front of an API: the shared JSON 429 of that API. */
export function firewallAnswer(api: 'portal' | 'product'): WebAclProps['rateLimited'] {
  const { status, body, headers } = firewallRateLimited(api);
  return { status, contentType: 'APPLICATION_JSON', body: JSON.stringify(body), ...(headers ? { headers } : {}) };
}
