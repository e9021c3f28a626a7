import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';

/** The label the common rule set's SizeRestrictions_BODY puts on a request whose body is over 8 KB. */
export const BODY_SIZE_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/** One request, as WAF sees it on an API Gateway stage: the method and the URI path, stage included (`/prod/...`). */
export interface BodySizeExemption {
  readonly method: string;
  readonly uriPath: string;
}

const exactly = (fieldToMatch: wafv2.CfnWebACL.FieldToMatchProperty, searchString: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch, positionalConstraint: 'EXACTLY', searchString, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

/** Exactly this method on exactly this path: no prefix, no case folding, so no other route borrows the exemption. */
const isRequest = ({ method, uriPath }: BodySizeExemption): wafv2.CfnWebACL.StatementProperty => ({
  andStatement: { statements: [exactly({ method: {} }, method), exactly({ uriPath: {} }, uriPath)] },
});

/**
 * Blocks, as the managed rule would have, every request the common rules
 * flagged as over 8 KB, except the exempted ones (Stripe's webhook events
 * often exceed 8 KB; their signature is what the handler checks). The
 * managed rule itself only counts, so its label is all this rule reads.
 */
export function bodySizeLimit(exemptions: readonly BodySizeExemption[], metricName: string): Omit<wafv2.CfnWebACL.RuleProperty, 'priority'> {
  const exempted = exemptions.length === 1 ? isRequest(exemptions[0] as BodySizeExemption) : { orStatement: { statements: exemptions.map(isRequest) } };
  return {
    name: 'body-size-limit',
    action: { block: {} },
    statement: {
      andStatement: {
        statements: [{ labelMatchStatement: { scope: 'LABEL', key: BODY_SIZE_LABEL } }, { notStatement: { statement: exempted } }],
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName },
  };
}
