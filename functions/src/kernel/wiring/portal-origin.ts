import { configOf } from './shared';

const env = configOf('PORTAL_URL');

/** The portal's origin: the only one its API answers with CORS headers. */
export const portalOrigin = (): string => new URL(env.PORTAL_URL).origin;
