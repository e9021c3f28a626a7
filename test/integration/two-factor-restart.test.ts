import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { portalConfigSchema, type PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { totpCode, totpStep } from '@frameforge/local-stack/emulators/cognito-totp';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { SrpClient } from '@frameforge/local-stack/srp-sign-in';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { startStackProcess } from '../support/stack-process';
import { unusedTotpCode } from '../support/totp';

async function cognitoOf(endpoints: Endpoints): Promise<{ cognito: CognitoIdentityProviderClient; config: PortalConfig }> {
  const config = portalConfigSchema.parse(await (await fetch(`${endpoints.portal}/config.json`)).json());
  const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.userPoolEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { cognito, config };
}

/** An authenticator app turned on over the wire, as Amplify turns it on, is kept with the user across a restart of the local stack. */
describe('two-factor sign-in across a restart', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'frameforge-2fa-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('keeps the secret: after a restart the password is answered with SOFTWARE_TOKEN_MFA and only a right code gets the tokens', async () => {
    const email = `two-factor-${Date.now()}@example.com`;
    const password = 'secret-pass';
    let secret = '';
    let verifiedStep = -1;

    const first = await startStackProcess(stateDir);
    try {
      const client = await LocalPortalClient.connect(first.endpoints);
      const since = Date.now() - 1000;
      await client.signUp(email, password);
      await client.confirmFromInbox(email, since);
      const { AccessToken } = await client.signInTokens(email, password);
      const { cognito } = await cognitoOf(first.endpoints);
      secret = (await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }))).SecretCode ?? '';
      const now = Date.now();
      verifiedStep = totpStep(now);
      expect((await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(secret, now) }))).Status).toBe('SUCCESS');
      await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
      const user = await cognito.send(new GetUserCommand({ AccessToken }));
      expect(user).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    } finally {
      await first.stop();
    }

    const second = await startStackProcess(stateDir);
    try {
      const { cognito, config } = await cognitoOf(second.endpoints);
      const srp = new SrpClient(config.userPoolId);
      const started = await cognito.send(new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: email, SRP_A: srp.srpA } }));
      const challenged = await cognito.send(
        new RespondToAuthChallengeCommand({ ClientId: config.userPoolClientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: srp.answer(password, started.ChallengeParameters ?? {}) }),
      );
      expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      expect(challenged.AuthenticationResult).toBeUndefined();
      const answer = (code: string) =>
        cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: config.userPoolClientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: challenged.Session,
            ChallengeResponses: { USERNAME: challenged.ChallengeParameters?.USER_ID_FOR_SRP ?? email, SOFTWARE_TOKEN_MFA_CODE: code },
          }),
        );
      const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, Date.now() + offset * 30_000)));
      const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code)) ?? '333333';
      await expect(answer(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
      // The step used to verify the app is refused a second time, as Cognito refuses it: a code of a step after it.
      const signedIn = await answer((await unusedTotpCode(secret, verifiedStep)).code);
      expect(signedIn.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    } finally {
      await second.stop();
    }
  });
});
