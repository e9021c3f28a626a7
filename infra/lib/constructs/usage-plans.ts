import { type CfnResource, Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledgeWildcard, renderedArn, renderedPseudo } from './nag-findings';
import { GATEWAY_KEY_OWNER_ENV, GATEWAY_KEY_OWNER_TAG, GATEWAY_PLANS, planThrottleOf, type GatewayPlan } from '@frameforge/functions/kernel/contracts/usage-plans';

/** `basic` → `USAGE_PLAN_BASIC`, the names `functions/src/kernel/config/env.ts` parses. */
export const usagePlanEnvVar = (tier: GatewayPlan): string => `USAGE_PLAN_${tier.toUpperCase()}`;

/**
 * The tiers' API Gateway usage plans, and the test keys' own small one,
 * throttled as the shared contract says (the outer guard; the exact
 * per-minute limits are counted in our code).
 *
 * A plan applies to the requests whose authorizer returns a
 * `usageIdentifierKey` (API key source AUTHORIZER) naming an API Gateway key
 * in that plan; the portal and the Stripe webhook mirror keys into their
 * tier's plan, and every test key into the test plan, which needs no
 * subscription. Before that, the stage throttle is the outer guard.
 *
 * Created before the functions and attached to the product API's stage
 * later: the functions that mirror keys need the plan ids, and the product
 * API needs the functions.
 */
export class UsagePlans extends Construct {
  readonly plans: Record<GatewayPlan, apigateway.UsagePlan>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.plans = Object.fromEntries(
      GATEWAY_PLANS.map((tier) => {
        const { description, rateLimit, burstLimit } = planThrottleOf(tier);
        return [
          tier,
          new apigateway.UsagePlan(this, tier, {
            name: `frameforge-${tier}`,
            description: `FrameForge ${tier}: ${description}`,
            throttle: { rateLimit, burstLimit },
          }),
        ];
      }),
    ) as Record<GatewayPlan, apigateway.UsagePlan>;
  }

  get planIds(): Record<GatewayPlan, string> {
    return Object.fromEntries(this.entries().map(([tier, plan]) => [tier, plan.usagePlanId])) as Record<GatewayPlan, string>;
  }

  /** Puts every plan in front of the API's deployment stage. */
  attach(api: apigateway.RestApi): void {
    for (const [, plan] of this.entries()) plan.addApiStage({ api, stage: api.deploymentStage });
  }

  /** `USAGE_PLAN_*`: the plan id of each tier and of the test plan; and the owner tag every gateway key this stack makes carries. */
  environment(): Record<string, string> {
    return {
      ...Object.fromEntries(this.entries().map(([tier, plan]) => [usagePlanEnvVar(tier), plan.usagePlanId])),
      [GATEWAY_KEY_OWNER_ENV]: Stack.of(this).stackName,
    };
  }

  /**
   * Mirroring a product key: create its API Gateway key, find it through the
   * plans that hold it, move it between this stack's plans, delete it.
   * The only account-wide paths are key creation (POST /apikeys, which API
   * Gateway offers nowhere else) and key deletion, held by a condition to the
   * keys that carry this stack's owner tag. Nothing reads the account's keys.
   */
  grantKeyManagement(grantee: iam.IGrantable): void {
    const stack = Stack.of(this);
    const arn = (path: string): string => `arn:${stack.partition}:apigateway:${stack.region}::${path}`;
    const planKeys = this.entries().map(([, plan]) => arn(`/usageplans/${plan.usagePlanId}/keys`));
    const allow = (actions: string[], resources: string[]): void => {
      grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));
    };
    allow(['apigateway:POST'], [arn('/apikeys'), ...planKeys]);
    // A key is looked up through the plans that hold it, never in the account's key list.
    allow(['apigateway:GET'], planKeys);
    // A revoked key's twin is deleted, not left behind (API Gateway allows 10,000 keys per region).
    allow(['apigateway:DELETE'], planKeys.map((keys) => `${keys}/*`));
    // A revoked key's gateway key is deleted (API Gateway allows 10,000 per region), and only a key this
    // stack made: each carries its owner tag, and the condition holds the account-wide path to those.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['apigateway:DELETE'],
        resources: [arn('/apikeys/*')],
        conditions: { StringEquals: { [`aws:ResourceTag/${GATEWAY_KEY_OWNER_TAG}`]: stack.stackName } },
      }),
    );
    const principal = grantee.grantPrincipal;
    if (!Construct.isConstruct(principal)) return;
    acknowledgeWildcard(
      principal,
      `arn:<AWS::Partition>:apigateway:${renderedPseudo(stack.region, 'AWS::Region')}::/apikeys/*`,
      "A revoked key's gateway key is deleted by its id, made at run time, and only when it carries this stack's owner tag.",
    );
    for (const [, plan] of this.entries()) {
      const rendered = `arn:<AWS::Partition>:apigateway:${renderedPseudo(stack.region, 'AWS::Region')}::/usageplans/${renderedArn(principal, plan.node.defaultChild as CfnResource, 'Ref')}/keys/*`;
      acknowledgeWildcard(principal, rendered, "A key leaves one of this stack's own usage plans by the key's id, made at run time.");
    }
  }

  private entries(): [GatewayPlan, apigateway.UsagePlan][] {
    return Object.entries(this.plans) as [GatewayPlan, apigateway.UsagePlan][];
  }
}
