import * as z from 'zod';
import { priceIdsSchema } from './plans';

/**
 * What the single-page app needs to know at run time. The portal's static
 * host serves it as `/config.json`, so one build runs against any stack.
 */
export const portalConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only where Cognito is not AWS's own endpoint (the local emulator). */
  userPoolEndpoint: z.string().url().optional(),
  /** SRP on AWS and locally alike: the web client enables no flow that sends the password. */
  authFlowType: z.literal('USER_SRP_AUTH'),
  portalApiUrl: z.string().url(),
  productApiUrl: z.string().url(),
  /** Loads Stripe.js only where set (on AWS); the local sandbox's checkout is a plain redirect. */
  stripePublishableKey: z.string().optional(),
  /** The Stripe price id of each tier in this deployment. */
  prices: priceIdsSchema,
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;
