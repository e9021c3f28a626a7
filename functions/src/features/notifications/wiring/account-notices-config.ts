import { configOf } from '../../../kernel/wiring/shared';

/**
 * The notices' configuration, apart from their code: a function that loads
 * the notices only on use (the counted job endpoints, at a usage alert) still
 * checks their variables when it loads, as every function checks its own.
 */
export const accountNoticesEnv = configOf('AWS_REGION', 'TABLE_USER_PROFILES', 'TABLE_USAGE_COUNTERS', 'USER_POOL_ID', 'PORTAL_URL', 'EMAIL_FROM', 'SMTP_URL');
