import { CognitoIdentityProviderClient, ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';

export type ConfirmationOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'invalid';

/** Confirms a sign-up with the code from the verification e-mail. */
export class CognitoSignUpConfirmation {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly clientId: string,
  ) {}

  /** Answers the outcome of a refusal; throws when the pool failed or did not answer before `signal` aborted. */
  async confirm(email: string, code: string, signal?: AbortSignal): Promise<ConfirmationOutcome> {
    try {
      await this.client.send(new ConfirmSignUpCommand({ ClientId: this.clientId, Username: email, ConfirmationCode: code }), signal ? { abortSignal: signal } : {});
      return 'confirmed';
    } catch (error) {
      const name = (error as { name?: string }).name;
      const message = (error as { message?: string }).message ?? '';
      if (name === 'NotAuthorizedException' && /CONFIRMED/i.test(message)) return 'already-confirmed';
      if (name === 'ExpiredCodeException') return 'expired';
      // Any other refusal of the request (unknown user, bad code, too many tries) is a dead link, not our failure.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 500;
      if (name === 'CodeMismatchException' || status < 500) return 'invalid';
      throw error;
    }
  }
}
