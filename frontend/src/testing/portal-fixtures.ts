import type { ApiKeyView } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { InvoiceSummary, SubscriptionResponse } from '@frameforge/functions/features/billing/contracts/billing';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { getRuntimeConfig } from '../config/runtime-config';
import { ADA, type TestUser } from './session';

// Answers of the portal API, typed by its contracts (the contracts folders of functions/src), so a test answers only what
// the server can send.

const CREATED = '2026-03-01T10:00:00.000Z';
const PERIOD_START = Date.UTC(2026, 2, 1) / 1000;
const PERIOD_END = Date.UTC(2026, 3, 1) / 1000;

export function apiKeyView(overrides: Partial<ApiKeyView> & Pick<ApiKeyView, 'id' | 'name'>): ApiKeyView {
  return { masked_key: 'ff_7Hq2x…Kd9Q', is_active: true, mode: 'live', created_at: CREATED, last_used: null, expires_at: null, ...overrides };
}

/** `GET /subscription` of a Stripe subscriber paying for `tier`, renewing at the end of the month. */
export function activeSubscription(tier: Tier, user: TestUser = ADA): SubscriptionResponse {
  return {
    subscription: {
      id: 'sub-row-1',
      user_id: user.userId,
      stripe_customer_id: 'cus_Test123',
      stripe_subscription_id: 'sub_Test123',
      status: 'active',
      tier,
      price_id: getRuntimeConfig().prices[tier],
      current_period_start: PERIOD_START,
      current_period_end: PERIOD_END,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
      admin_access: false,
      active: true,
      created_at: CREATED,
      updated_at: CREATED,
    },
    is_admin: false,
  };
}

/** `GET /subscription` of someone who never subscribed. */
export const noSubscription: SubscriptionResponse = { subscription: null, is_admin: false };

export function paidInvoice(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 'in_Test0001',
    number: '4F2D1C8A-0001',
    created: PERIOD_START,
    currency: 'eur',
    total: 1000,
    amount_due: 1000,
    amount_paid: 1000,
    status: 'paid',
    hosted_invoice_url: 'https://invoice.stripe.test/i/in_Test0001',
    invoice_pdf: 'https://invoice.stripe.test/i/in_Test0001/pdf',
    ...overrides,
  };
}

/** `GET /profile` as the server answers it for a saved profile. */
export function profileView(overrides: Partial<ProfileView> = {}, user: TestUser = ADA): ProfileView {
  return {
    user_id: user.userId,
    email: user.email,
    username: 'ada',
    profile_picture_url: null,
    profile_picture_path: null,
    email_notifications: true,
    api_usage_alerts: true,
    marketing_emails: false,
    language: 'en',
    timezone: 'Europe/London',
    updated_at: CREATED,
    ...overrides,
  };
}
