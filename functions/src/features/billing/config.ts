import * as z from 'zod';

const optionalText = z.string().min(1).optional();

/** The variables of the billing room: its tables, Stripe's secrets and the tiers' prices. */
export const billingConfigFields = {
  TABLE_STRIPE_CUSTOMERS: z.string().min(1),
  TABLE_STRIPE_SUBSCRIPTIONS: z.string().min(1),
  TABLE_USER_SUBSCRIPTIONS: z.string().min(1),
  TABLE_USER_ROLES: z.string().min(1),
  TABLE_WEBHOOK_EVENTS: z.string().min(1),
  /**
   * Stripe's secret key and webhook signing secret: given as values (the local
   * sandbox) or as Secrets Manager ARNs read at cold start (AWS).
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_SECRET_KEY_ARN: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_WEBHOOK_SECRET_ARN: optionalText,
  /** Where the Stripe API answers, when not Stripe's own host (the local billing sandbox). */
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_PRICE_BASIC: z.string().min(1),
  STRIPE_PRICE_BOOST: z.string().min(1),
  STRIPE_PRICE_ELITE: z.string().min(1),
};
