/** Handler of Stripe's webhook route. */
export const STRIPE_WEBHOOK_HANDLER = 'billing/stripe-webhook';

/** Handler of the Danger Zone's `DELETE /account`. */
export const DELETE_ACCOUNT_HANDLER = 'portal/delete-account';
