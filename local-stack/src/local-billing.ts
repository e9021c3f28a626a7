import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_PRICE_IDS, startBillingSandbox } from './billing-sandbox';

/** The sandbox accepts any test-mode key; Stripe's real one comes from Secrets Manager on AWS. */
const LOCAL_STRIPE_SECRET_KEY = 'sk_test_frameforge_local';

/** One signing secret per state folder, kept across restarts like the rest of the state. */
function webhookSecret(dir: string): string {
  const file = join(dir, 'webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface LocalBilling {
  /** The handlers' Stripe configuration: the variables the CDK stack sets, pointing at the sandbox. */
  environment: Record<string, string>;
  webhookSecret: string;
  stop(): Promise<void>;
}

/** Starts the billing sandbox in Stripe's place, delivering its webhooks to the portal API. */
export async function startLocalBilling(options: {
  port: number;
  stateDir: string;
  publicUrl: string;
  portalApiUrl: string;
}): Promise<LocalBilling> {
  const dir = join(options.stateDir, 'billing');
  const secret = webhookSecret(dir);
  const sandbox = await startBillingSandbox({
    port: options.port,
    stateDir: dir,
    publicUrl: options.publicUrl,
    webhookUrl: `${options.portalApiUrl}/stripe/webhook`,
    webhookSecret: secret,
    prices: LOCAL_PRICE_IDS,
  });
  return {
    environment: {
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: options.publicUrl,
      STRIPE_PRICE_BASIC: LOCAL_PRICE_IDS.basic,
      STRIPE_PRICE_BOOST: LOCAL_PRICE_IDS.boost,
      STRIPE_PRICE_ELITE: LOCAL_PRICE_IDS.elite,
    },
    webhookSecret: secret,
    stop: sandbox.stop,
  };
}
