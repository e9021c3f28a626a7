import { z } from 'zod';
import { tierSchema } from './plans';

/** Body of `POST /stripe-checkout`, as the spec fixes it. */
export const checkoutRequestSchema = z.object(
  {
    price_id: z.string({ error: 'price_id is required' }).min(1, 'price_id is required'),
    success_url: z.string({ error: 'success_url is required' }).url('success_url must be a URL'),
    cancel_url: z.string({ error: 'cancel_url is required' }).url('cancel_url must be a URL'),
    mode: z.literal('subscription', { error: "mode must be 'subscription'" }),
  },
  { error: 'The request body must be a JSON object with price_id, success_url, cancel_url and mode.' },
);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Answer of `POST /stripe-checkout` and `POST /create-portal-session`: where the browser goes next. */
export const redirectUrlResponseSchema = z.object({ url: z.string().url() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

/** Body of `POST /create-portal-session`. */
export const portalSessionRequestSchema = z.object(
  { customer_id: z.string({ error: 'customer_id is required' }).min(1, 'customer_id is required') },
  { error: 'The request body must be a JSON object with customer_id.' },
);

/**
 * The caller's effective subscription (spec §3), built on the server by the
 * spec's lookup order. Times in seconds since the epoch, as Stripe gives them.
 */
export const effectiveSubscriptionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  stripe_customer_id: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
  /** Stripe's status (active, trialing, past_due, canceled, …), or 'active' for Admin Access. */
  status: z.string(),
  tier: tierSchema.nullable(),
  price_id: z.string().nullable(),
  current_period_start: z.number().nullable(),
  current_period_end: z.number(),
  cancel_at_period_end: z.boolean(),
  payment_method_brand: z.string().nullable(),
  payment_method_last4: z.string().nullable(),
  /** The synthetic 'Admin Access' subscription of an admin. */
  admin_access: z.boolean(),
  /** Active by the spec's rule: status active, or cancel-at-period-end with the end still ahead. */
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EffectiveSubscription = z.infer<typeof effectiveSubscriptionSchema>;

/** Answer of `GET /subscription`. */
export const subscriptionResponseSchema = z.object({
  subscription: effectiveSubscriptionSchema.nullable(),
  is_admin: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
