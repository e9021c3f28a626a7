import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';

interface TierPlan {
  readonly tier: 'basic' | 'boost' | 'elite';
  readonly description: string;
  readonly throttle: apigateway.ThrottleSettings;
}

/**
 * The exact per-minute limits (3/min basic, 5/min boost, none for elite) and
 * the per-tier concurrency caps are enforced in our code with atomic DynamoDB
 * writes, which can count per minute and answer 429 with Retry-After and
 * RateLimit-* headers. API Gateway throttles with a token bucket per second,
 * so these plans are only the outer guard: the steady rate is the tier's
 * per-minute limit expressed per second (3/60 = 0.05 rps) and the burst is
 * the per-minute allowance, the closest API Gateway can express "n a minute".
 * Elite has no product limit; its plan is a safety ceiling against runaway clients.
 *
 * A plan applies to the requests whose authorizer returns a
 * `usageIdentifierKey` (API key source AUTHORIZER) naming an API Gateway key
 * in that plan; keys are mirrored into their tier's plan once subscriptions
 * give them a tier. Before that, the stage throttle is the outer guard.
 */
export const TIER_PLANS: readonly TierPlan[] = [
  { tier: 'basic', description: '3 requests per minute', throttle: { rateLimit: 3 / 60, burstLimit: 3 } },
  { tier: 'boost', description: '5 requests per minute', throttle: { rateLimit: 5 / 60, burstLimit: 5 } },
  { tier: 'elite', description: 'no product limit; safety ceiling', throttle: { rateLimit: 50, burstLimit: 100 } },
];

export interface UsagePlansProps {
  readonly api: apigateway.RestApi;
}

export class UsagePlans extends Construct {
  readonly plans: Record<TierPlan['tier'], apigateway.UsagePlan>;

  constructor(scope: Construct, id: string, { api }: UsagePlansProps) {
    super(scope, id);
    this.plans = Object.fromEntries(
      TIER_PLANS.map((plan) => [
        plan.tier,
        new apigateway.UsagePlan(this, plan.tier, {
          name: `frameforge-${plan.tier}`,
          description: `FrameForge ${plan.tier}: ${plan.description}`,
          throttle: plan.throttle,
          apiStages: [{ api, stage: api.deploymentStage }],
        }),
      ]),
    ) as Record<TierPlan['tier'], apigateway.UsagePlan>;
  }
}
