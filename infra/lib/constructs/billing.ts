import { Annotations, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TIERS, type PriceIds, type Tier } from '@frameforge/functions/kernel/contracts/plans';

/** CDK context keys of one deployment's Stripe price ids (`-c stripePriceBasic=price_…`). */
export const PRICE_CONTEXT_KEYS: Readonly<Record<Tier, string>> = {
  basic: 'stripePriceBasic',
  boost: 'stripePriceBoost',
  elite: 'stripePriceElite',
};

/** Context key of the Stripe publishable key; public by design, it goes to the SPA. */
export const PUBLISHABLE_KEY_CONTEXT_KEY = 'stripePublishableKey';

/** Synth works without a Stripe account; checkout fails until real ids are given. */
export const PLACEHOLDER_PRICES: PriceIds = {
  basic: 'price_basic_placeholder',
  boost: 'price_boost_placeholder',
  elite: 'price_elite_placeholder',
};

/** `basic` → `STRIPE_PRICE_BASIC`, the names `functions/src/kernel/config/env.ts` parses. */
export const priceEnvVar = (tier: Tier): string => `STRIPE_PRICE_${tier.toUpperCase()}`;

const OPERATOR_NOTE = 'Created with a random value: put the real one after deploy (aws secretsmanager put-secret-value).';

/**
 * Stripe settings of one deployment. The two secrets are declared here but
 * filled in by the operator, so no Stripe credential ever passes through the
 * template, the CDK context or git. Handlers read them by ARN at cold start.
 */
export class Billing extends Construct {
  /** Stripe API secret key (`sk_…`): checkout, customer portal, subscription reads. */
  readonly stripeSecretKey: secretsmanager.Secret;
  /** Signing secret of the webhook endpoint (`whsec_…`): proves a call came from Stripe. */
  readonly webhookSigningSecret: secretsmanager.Secret;
  readonly prices: PriceIds;
  readonly publishableKey: string | undefined;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Both values are copies of what Stripe's dashboard holds; nothing is lost with the stack.
    this.stripeSecretKey = new secretsmanager.Secret(this, 'StripeSecretKey', {
      description: `FrameForge: Stripe secret key (sk_live_... or sk_test_...). ${OPERATOR_NOTE}`,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.webhookSigningSecret = new secretsmanager.Secret(this, 'StripeWebhookSecret', {
      description: `FrameForge: signing secret (whsec_...) of the Stripe webhook endpoint at the StripeWebhookUrl output. ${OPERATOR_NOTE}`,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    for (const secret of [this.stripeSecretKey, this.webhookSigningSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: "Issued by Stripe, not by us: rolled in Stripe's dashboard, then put here; no rotation Lambda can mint one.",
      });
    }
    this.prices = Object.fromEntries(TIERS.map((tier) => [tier, this.price(tier)])) as PriceIds;
    this.publishableKey = this.context(PUBLISHABLE_KEY_CONTEXT_KEY);
  }

  /**
   * `STRIPE_*` variables. Every API function parses both secret ARNs (the
   * config schema requires a source for each), but only the profiles that
   * call Stripe are granted to read them; an ARN alone opens nothing.
   */
  environment(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY_ARN: this.stripeSecretKey.secretArn,
      STRIPE_WEBHOOK_SECRET_ARN: this.webhookSigningSecret.secretArn,
      ...Object.fromEntries(TIERS.map((tier) => [priceEnvVar(tier), this.prices[tier]])),
    };
  }

  grantSecretKeyRead(grantee: iam.IGrantable): void {
    this.stripeSecretKey.grantRead(grantee);
  }

  grantWebhookSecretRead(grantee: iam.IGrantable): void {
    this.webhookSigningSecret.grantRead(grantee);
  }

  private price(tier: Tier): string {
    const key = PRICE_CONTEXT_KEYS[tier];
    const value = this.context(key);
    if (value) return value;
    Annotations.of(this).addWarningV2(
      `frameforge:placeholder-price-${tier}`,
      `No Stripe price id for ${tier}: pass -c ${key}=price_... (checkout of ${tier} fails until then)`,
    );
    return PLACEHOLDER_PRICES[tier];
  }

  private context(key: string): string | undefined {
    const value: unknown = this.node.tryGetContext(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }
}
