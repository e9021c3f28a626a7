import { createNotifications } from '../../adapters/notifications';
import { config, documentClient, once } from './shared';

/** The e-mails about an account's standing: its subscription (the Stripe webhook) and its deletion. */
export const accountNotices = once(() => createNotifications(documentClient(), config()));
