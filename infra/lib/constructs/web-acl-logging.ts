import { ArnFormat, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** AWS WAF delivers only to log groups whose name starts with this. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/** Headers that carry a caller's credentials: a Cognito token on the portal, a product key on the API. */
export const REDACTED_HEADERS = ['authorization', 'x-api-key'] as const;

/**
 * The firewall's decisions, kept a month like every log of the stack, for
 * investigating an attack or a customer's "why was I refused". Only
 * requests that a rule blocked or counted are written: the allowed rest is
 * already in the stages' access logs (with `wafStatus`), and logging it
 * twice would cost as much again.
 */
export class WebAclLogging extends Construct {
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, acl: wafv2.CfnWebACL) {
    super(scope, id);
    const logGroupName = `${WAF_LOG_GROUP_PREFIX}${Names.uniqueResourceName(this, { maxLength: 200 })}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // WAF refuses the `:*` that the log group's Arn attribute ends with.
    const destination = Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const config = new wafv2.CfnLoggingConfiguration(this, 'Config', {
      resourceArn: acl.attrArn,
      logDestinationConfigs: [destination],
      redactedFields: REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            // EXCLUDED_AS_COUNT: managed rules overridden to count, whose matches are what tunes those overrides.
            Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((action) => ({ ActionCondition: { Action: action } })),
          },
        ],
      },
    });
    config.node.addDependency(this.logGroup);
  }
}
