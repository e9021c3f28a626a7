import * as z from 'zod';
import { tierSchema } from '../../../kernel/contracts/plans';

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

/** What the billing portal opens on: its home page, or straight on the card update (Stripe's `payment_method_update` flow). */
export const PORTAL_FLOWS = ['payment_method_update'] as const;

/** Body of `POST /create-portal-session`. */
export const portalSessionRequestSchema = z.object(
  {
    customer_id: z.string({ error: 'customer_id is required' }).min(1, 'customer_id is required'),
    flow: z.enum(PORTAL_FLOWS, { error: `flow must be ${PORTAL_FLOWS.join(' or ')}` }).optional(),
  },
  { error: 'The request body must be a JSON object with customer_id.' },
);
export type PortalSessionRequest = z.infer<typeof portalSessionRequestSchema>;

/** Stripe's invoice statuses; drafts are never listed. */
export const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;

/**
 * One of the caller's invoices, as `GET /invoices` lists it (Stripe's
 * invoice, reduced). Amounts in the currency's smallest unit (cents), times
 * in seconds since the epoch, links to Stripe's hosted page and PDF.
 */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  /** Stripe's invoice number, e.g. `4F2D1C8A-0003`. */
  number: z.string().nullable(),
  created: z.number().int(),
  /** Lower-case ISO 4217 code, as Stripe gives it. */
  currency: z.string(),
  /** What the invoice billed; negative for a downgrade's credit. */
  total: z.number().int(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  hosted_invoice_url: z.string().url().nullable(),
  invoice_pdf: z.string().url().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** Query of `GET /invoices`: newest first, a page at a time. */
export const listInvoicesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  starting_after: z.string().regex(/^in_[A-Za-z0-9]{1,64}$/, 'must be the id of the last invoice of the previous page').optional(),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

/** Answer of `GET /invoices`. */
export const listInvoicesResponseSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  /** More, older invoices follow: ask again with `starting_after` set to the last id. */
  has_more: z.boolean(),
});
export type ListInvoicesResponse = z.infer<typeof listInvoicesResponseSchema>;

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
