import Stripe from 'stripe';

export interface StripeClientSettings {
  secretKey: string;
  /** Another API host (the local billing sandbox); Stripe's own when absent. */
  apiUrl?: string;
}

/** The `stripe` SDK, pointed at Stripe or, through host/port/protocol, at the local sandbox. */
export function createStripeClient({ secretKey, apiUrl }: StripeClientSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'FrameForge' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}
