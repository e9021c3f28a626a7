import type Stripe from 'stripe';
import { PLANS, type Plan, type PriceIds } from '@frameforge/functions/kernel/contracts/plans';

/** The price ids the local stack configures, one per tier. */
export const LOCAL_PRICE_IDS: PriceIds = {
  basic: 'price_ff_basic_monthly',
  boost: 'price_ff_boost_monthly',
  elite: 'price_ff_elite_monthly',
};

/** Stripe sends decimal amounts as strings; the SDK turns them into its Decimal type on the way in. */
export const decimalString = (value: number): Stripe.Decimal => String(value) as unknown as Stripe.Decimal;

export interface CatalogEntry {
  plan: Plan;
  price: Stripe.Price;
  product: Stripe.Product;
}

export interface Catalog {
  entries: readonly CatalogEntry[];
  byPrice(priceId: string): CatalogEntry | undefined;
  byProduct(productId: string): CatalogEntry | undefined;
}

function buildEntry(plan: Plan, priceId: string, created: number): CatalogEntry {
  const productId = `prod_ff_${plan.tier}`;
  const unitAmount = plan.price * 100;
  const product: Stripe.Product = {
    id: productId,
    object: 'product',
    active: true,
    created,
    default_price: priceId,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: { tier: plan.tier },
    name: plan.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
  const price: Stripe.Price = {
    id: priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: plan.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: { tier: plan.tier },
    nickname: null,
    product: productId,
    recurring: { interval: plan.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: decimalString(unitAmount),
  };
  return { plan, price, product };
}

/** One product and one monthly EUR price per plan, under the configured price ids. */
export function buildCatalog(prices: PriceIds, created: number): Catalog {
  const entries = PLANS.map((plan) => buildEntry(plan, prices[plan.tier], created));
  return {
    entries,
    byPrice: (priceId) => entries.find((e) => e.price.id === priceId),
    byProduct: (productId) => entries.find((e) => e.product.id === productId),
  };
}

/** The legacy `plan` Stripe still puts on every subscription item, mirroring its price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
