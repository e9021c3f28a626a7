import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { userPool as definition } from '@frameforge/functions/kernel/contracts/resources';
import { standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import type { ApiFunctions, Identity } from './api-functions';
import { senderOf } from './notifications';

export interface AuthProps {
  readonly functions: ApiFunctions;
}

/**
 * The portal's users: e-mail and password, settings from the shared
 * definition (the same ones the local Cognito emulator is provisioned with).
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const email = (definition.usernameAttributes as readonly string[]).includes('email');
    const autoVerifyEmail = (definition.autoVerifiedAttributes as readonly string[]).includes('email');

    // Writes the verification and reset links into the e-mails Cognito sends.
    const customMessage = props.functions.create(standaloneFunctions.customMessage);
    // Tells the old address when an account's address changed (tokens carry the new one once it is verified).
    const preTokenGeneration = props.functions.create(standaloneFunctions.preTokenGeneration);

    this.userPool = new cognito.UserPool(this, definition.id, {
      selfSignUpEnabled: true,
      signInAliases: { email },
      autoVerify: { email: autoVerifyEmail },
      // The old address stays until the new one is verified (spec: the address changes only once verified).
      keepOriginal: { email: definition.keepOriginalUntilVerified.includes('email') },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: definition.passwordPolicy.minimumLength,
        requireLowercase: definition.passwordPolicy.requireLowercase,
        requireUppercase: definition.passwordPolicy.requireUppercase,
        requireDigits: definition.passwordPolicy.requireNumbers,
        requireSymbols: definition.passwordPolicy.requireSymbols,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Two-factor sign-in, each user's choice: an authenticator app (TOTP) only, no SMS.
      mfa: definition.mfa === 'OPTIONAL' ? cognito.Mfa.OPTIONAL : cognito.Mfa.OFF,
      mfaSecondFactor: { otp: definition.mfaSecondFactor.otp, sms: definition.mfaSecondFactor.sms },
      // Codes, not Cognito's own links: the CustomMessage trigger builds links to our portal.
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      lambdaTriggers: { customMessage, preTokenGeneration },
      // Losing the pool would lock every customer out of their account.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      // Compromised-credential and adaptive sign-in checks, enforced (cdk-nag COG8).
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      ...(this.sesEmail() ? { email: this.sesEmail() } : {}),
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason: "The product's password rule is at least 6 characters with no required classes; threat protection checks compromised credentials instead.",
    });

    // A browser client cannot keep a secret. SRP only: the plain-password flow of the
    // shared definition is for the local emulator, which has no SRP. No hosted UI, no OAuth.
    this.webClient = this.userPool.addClient(definition.clientId, {
      generateSecret: false,
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: definition.preventUserExistenceErrors,
    });
  }

  /**
   * Cognito's own mail is capped at a few e-mails a day: with a verified SES
   * identity (`-c emailFrom`, the sender notices use), verification and reset
   * e-mails go through SES, from the very identity that was verified, whether
   * the address or its domain (`-c emailIdentity`).
   */
  private sesEmail(): cognito.UserPoolEmail | undefined {
    const sender = senderOf(this);
    if (!sender.configured) return undefined;
    const viaDomain = sender.identity.toLowerCase() !== sender.address.toLowerCase();
    return cognito.UserPoolEmail.withSES({
      fromEmail: sender.address,
      ...(sender.name ? { fromName: sender.name } : {}),
      sesRegion: Stack.of(this).region,
      // Without a domain, the CDK names the address's own identity as the pool's SourceArn.
      ...(viaDomain ? { sesVerifiedDomain: sender.identity } : {}),
    });
  }

  get identity(): Identity {
    return { userPoolId: this.userPool.userPoolId, userPoolClientId: this.webClient.userPoolClientId };
  }
}
