import * as z from 'zod';

/**
 * The plan catalogue, shared by the portal (plan cards, docs) and the server
 * (checkout, tiers, limits). Prices are EUR per month; the Stripe price id of
 * each tier comes from configuration, never from here.
 */
export const TIERS = ['basic', 'boost', 'elite'] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

/** basic < boost < elite: decides Upgrade or Downgrade on a plan card. */
export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

export interface Plan {
  readonly id: string;
  readonly tier: Tier;
  readonly name: string;
  /** Whole euros per month. */
  readonly price: number;
  readonly currency: 'EUR';
  readonly interval: 'month';
  /** Requests per minute per API key; null means no product limit. */
  readonly requestsPerMinute: number | null;
  /** Jobs of one account that run at once; more wait their turn, queued. */
  readonly concurrentJobs: number;
  /** Feature ids, translated by the portal under `subscription:features.<id>`. */
  readonly features: readonly string[];
  /** Longer feature ids shown in the detail expander, under `subscription:details.<id>`. */
  readonly detailedFeatures: readonly string[];
  readonly popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    tier: 'basic',
    name: 'Basic',
    price: 10,
    currency: 'EUR',
    interval: 'month',
    requestsPerMinute: 3,
    concurrentJobs: 1,
    features: ['rate3', 'coreEndpoints', 'hardCutMerges', 'emailSupport'],
    detailedFeatures: ['cutCropMerge', 'frameLast', 'redub', 'tts', 'logs30', 'noTransitions'],
    popular: false,
  },
  {
    id: 'boost',
    tier: 'boost',
    name: 'Boost',
    price: 20,
    currency: 'EUR',
    interval: 'month',
    requestsPerMinute: 5,
    concurrentJobs: 2,
    features: ['rate5', 'transitions', 'autoCaptions', 'prioritySupport'],
    detailedFeatures: ['everythingBasic', 'transitionsDetail', 'captionsDetail', 'moreConcurrency'],
    popular: true,
  },
  {
    id: 'elite',
    tier: 'elite',
    name: 'Elite',
    price: 100,
    currency: 'EUR',
    interval: 'month',
    requestsPerMinute: null,
    concurrentJobs: 5,
    features: ['unlimited', 'betaEndpoints', 'highestConcurrency', 'dedicatedSupport'],
    detailedFeatures: ['everythingBoost', 'voiceConversion', 'separation', 'highestConcurrencyDetail'],
    popular: false,
  },
];

export const planByTier = (tier: Tier): Plan => {
  const plan = PLANS.find((p) => p.tier === tier);
  if (!plan) throw new Error(`No plan for tier ${tier}`);
  return plan;
};

/** Stripe price id of each tier, as configured for one deployment. */
export const priceIdsSchema = z.object({ basic: z.string().min(1), boost: z.string().min(1), elite: z.string().min(1) });
export type PriceIds = z.infer<typeof priceIdsSchema>;

export const tierOfPrice = (prices: PriceIds, priceId: string | null | undefined): Tier | null =>
  TIERS.find((tier) => prices[tier] === priceId) ?? null;
