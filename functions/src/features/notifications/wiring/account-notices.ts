import { createNotifications } from '../adapters/notifications';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'TABLE_USER_PROFILES', 'TABLE_USAGE_COUNTERS', 'USER_POOL_ID', 'PORTAL_URL', 'EMAIL_FROM', 'SMTP_URL');

/** The e-mail notices: usage alerts, and an account's standing (its subscription, from the Stripe webhook, and its deletion). */
export const accountNotices = once(() => createNotifications(documentClient(), env));
