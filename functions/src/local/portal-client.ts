import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { portalConfigSchema, type PortalConfig } from '../contracts/portal-config';
import { generateApiKeyResponseSchema, type GenerateApiKeyResponse } from '../contracts/api-keys';
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

  async signIn(email: string, password: string): Promise<string> {
    const out = await this.cognito.send(
      new InitiateAuthCommand({
        ClientId: this.config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = out.AuthenticationResult?.IdToken;
    if (!token) throw new Error('Sign-in returned no ID token');
    return token;
  }

  async createApiKey(idToken: string, name: string): Promise<GenerateApiKeyResponse> {
    const response = await fetch(`${this.endpoints.portalApi}/generate-api-key`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`generate-api-key answered ${response.status}: ${JSON.stringify(body)}`);
    return generateApiKeyResponseSchema.parse(body);
  }
}
