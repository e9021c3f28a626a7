import { CognitoIdentityProviderClient, SignUpCommand, type AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import { portalConfigSchema, type PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { generateApiKeyResponseSchema, type GenerateApiKeyResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import type { ApiKeyMode } from '@frameforge/functions/kernel/contracts/key-modes';
import {
  redirectUrlResponseSchema,
  subscriptionResponseSchema,
  type SubscriptionResponse,
} from '@frameforge/functions/features/billing/contracts/billing';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { z } from 'zod';
import { srpSignIn } from './srp-sign-in';
import type { Endpoints } from './stack';

interface InboxMail {
  id: string;
  subject: string;
  html?: string;
  date: string;
  to: { address: string }[];
}

/**
 * Drives the product as the portal does: the same Cognito calls Amplify
 * makes, the same e-mail links, the same portal API. Used by
 * `npm run local:user` and by the integration tests.
 */
export class LocalPortalClient {
  private constructor(
    readonly endpoints: Endpoints,
    readonly config: PortalConfig,
    private readonly cognito: CognitoIdentityProviderClient,
  ) {}

  static async connect(endpoints: Endpoints): Promise<LocalPortalClient> {
    const response = await fetch(`${endpoints.portal}/config.json`);
    const config = portalConfigSchema.parse(await response.json());
    const cognito = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: config.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    return new LocalPortalClient(endpoints, config, cognito);
  }

  async signUp(email: string, password: string): Promise<void> {
    await this.cognito.send(
      new SignUpCommand({
        ClientId: this.config.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
  }

  /** Waits for the newest e-mail to this address whose subject matches, sent at or after `after` (ms). */
  async waitForMail(email: string, subject: RegExp, after = 0, timeoutMs = 15_000): Promise<InboxMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = (await (await fetch(`${this.endpoints.inbox}/email`)).json()) as InboxMail[];
      // Mail dates have whole seconds: compare at that grain, and let arrival order pick the newest.
      const since = Math.floor(after / 1000) * 1000;
      const found = mails
        .filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()) && subject.test(m.subject))
        .filter((m) => new Date(m.date).getTime() >= since)
        .at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`No e-mail "${subject}" reached ${email} within ${timeoutMs / 1000} s`);
  }

  static linkIn(mail: InboxMail): string {
    const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
    if (!href) throw new Error(`The e-mail "${mail.subject}" holds no link`);
    return href.replace(/&amp;/g, '&');
  }

  /** Opens the verification link as a browser would; answers where it redirected. */
  async confirmFromInbox(email: string, after = 0): Promise<string> {
    const mail = await this.waitForMail(email, /verify/i, after);
    const response = await fetch(LocalPortalClient.linkIn(mail), { redirect: 'manual' });
    return response.headers.get('location') ?? '';
  }

  /** Signs in with SRP, as the portal does; the ID token. */
  async signIn(email: string, password: string): Promise<string> {
    const { IdToken: token } = await this.signInTokens(email, password);
    if (!token) throw new Error('Sign-in returned no ID token');
    return token;
  }

  /** Every token of an SRP sign-in (access and refresh tokens too), for callers that drive Cognito themselves. */
  signInTokens(email: string, password: string): Promise<AuthenticationResultType> {
    return srpSignIn(this.cognito, { userPoolId: this.config.userPoolId, clientId: this.config.userPoolClientId, username: email, password });
  }

  /** One portal API call as the SPA makes it; a refusal throws with the status and body. */
  async call<T>(idToken: string, method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${this.endpoints.portalApi}${path}`, {
      method,
      headers: { Authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return schema.parse(answer);
  }

  /** A live key unless `mode` says test (which needs no subscription). */
  createApiKey(idToken: string, name: string, mode?: ApiKeyMode): Promise<GenerateApiKeyResponse> {
    return this.call(idToken, 'POST', '/generate-api-key', generateApiKeyResponseSchema, { name, ...(mode ? { mode } : {}) });
  }

  getSubscription(idToken: string): Promise<SubscriptionResponse> {
    return this.call(idToken, 'GET', '/subscription', subscriptionResponseSchema);
  }

  /** `POST /stripe-checkout` for a tier, with the portal's own return URLs: the hosted page to go to. */
  async startCheckout(idToken: string, tier: Tier): Promise<string> {
    const { url } = await this.call(idToken, 'POST', '/stripe-checkout', redirectUrlResponseSchema, {
      price_id: this.config.prices[tier],
      success_url: `${this.endpoints.portal}/success?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.endpoints.portal}/subscription?canceled=true`,
      mode: 'subscription',
    });
    return url;
  }

  /**
   * Pays a hosted checkout page of the billing sandbox as a browser submits
   * its form; answers where the page redirected (the success URL), or throws
   * with the page's alert when the card was refused.
   */
  async payInSandbox(checkoutUrl: string, card = '4242 4242 4242 4242'): Promise<string> {
    const form = new URLSearchParams({
      cardNumber: card,
      cardExpiry: '12 / 34',
      cardCvc: '123',
      billingName: 'Local Developer',
    });
    const response = await fetch(checkoutUrl, { method: 'POST', body: form, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status === 303 && location) return location;
    const alert = /role="alert">([^<]*)</.exec(await response.text())?.[1];
    throw new Error(`The sandbox checkout refused the payment (${response.status}): ${alert ?? 'no reason given'}`);
  }

  /**
   * Subscribes through the same path as the portal: checkout, payment on the
   * sandbox's page, webhook. An active subscriber on another plan is sent to
   * the billing portal instead, whose switch this confirms.
   */
  async subscribe(idToken: string, tier: Tier): Promise<SubscriptionResponse> {
    const current = (await this.getSubscription(idToken)).subscription;
    if (current?.active && current.tier === tier) return { subscription: current, is_admin: current.admin_access };
    const url = await this.startCheckout(idToken, tier);
    if (url.includes('/checkout/')) {
      await this.payInSandbox(url);
    } else {
      const form = new URLSearchParams({ action: 'switch', price: this.config.prices[tier], confirm: 'true' });
      const confirm = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
      if (confirm.status >= 400) throw new Error(`The sandbox portal refused the switch (${confirm.status})`);
    }
    return this.waitForTier(idToken, tier);
  }

  /** Waits until the webhook has made the subscription active on this tier. */
  async waitForTier(idToken: string, tier: Tier, timeoutMs = 20_000): Promise<SubscriptionResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.getSubscription(idToken);
      if (answer.subscription?.active && answer.subscription.tier === tier) return answer;
      if (Date.now() > deadline) throw new Error(`The subscription did not become ${tier}: ${JSON.stringify(answer)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
