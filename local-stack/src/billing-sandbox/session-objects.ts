import type Stripe from 'stripe';
import { newId, randomToken } from './ids';

/** Stripe lets a customer use a checkout page for 24 hours. */
export const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;

export interface NewCheckoutSession {
  created: number;
  customer: string | null;
  customerEmail: string | null;
  price: Stripe.Price;
  quantity: number;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

export function buildCheckoutSession(input: NewCheckoutSession): Stripe.Checkout.Session {
  const id = `cs_test_${randomToken(58)}`;
  const amount = (input.price.unit_amount ?? 0) * input.quantity;
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer ? null : 'always',
    customer_details: input.customerEmail
      ? { address: null, business_name: null, email: input.customerEmail, individual_name: null, name: null, phone: null, tax_exempt: 'none', tax_ids: null }
      : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.created + CHECKOUT_LIFETIME_SECONDS,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: { allow_redisplay_filters: ['always'], payment_method_remove: null, payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    // A path: the current origin goes in front when the session is answered (links.ts).
    url: `/checkout/${id}`,
    wallet_options: null,
  };
}

/** The session's `line_items`, which Stripe only includes when asked to expand them. */
export function checkoutLineItems(session: Stripe.Checkout.Session, price: Stripe.Price, quantity: number, productName: string): Stripe.ApiList<Stripe.LineItem> {
  const amount = (price.unit_amount ?? 0) * quantity;
  const item: Stripe.LineItem = {
    // Derived from the session so every read names the line the same way.
    id: `li_${session.id.slice(-24)}`,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: productName,
    metadata: {},
    price,
    quantity,
  };
  return { object: 'list', data: [item], has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
}

export interface NewPortalSession {
  created: number;
  customer: string;
  returnUrl: string | null;
  flow: Stripe.BillingPortal.Session.Flow | null;
}

export function buildPortalSession(input: NewPortalSession): Stripe.BillingPortal.Session {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_ff_local_default',
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: input.flow,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: `/billing_portal/${id}`,
  };
}
