import { createNotifications } from '../adapters/notifications';
import { documentClient, once } from '../../../kernel/wiring/shared';
import { accountNoticesEnv as env } from './account-notices-config';

/** The e-mail notices: usage alerts, and an account's standing (its subscription, from the Stripe webhook, and its deletion). */
export const accountNotices = once(() => createNotifications(documentClient(), env));
