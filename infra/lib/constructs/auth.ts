import { RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { userPool as definition } from '@frameforge/functions/contracts/resources';
import { standaloneFunctions } from '../../../functions/src/http/routes';
import type { ApiFunctions, Identity } from './api-functions';

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
    const flows = definition.authFlows as readonly string[];

    // Writes the verification and reset links into the e-mails Cognito sends.
    const customMessage = props.functions.create(standaloneFunctions.customMessage);

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
      // Codes, not Cognito's own links: the CustomMessage trigger builds links to our portal.
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      lambdaTriggers: { customMessage },
      // Losing the pool would lock every customer out of their account.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // A browser client cannot keep a secret; SRP on AWS, plain password where SRP is missing (local).
    this.webClient = this.userPool.addClient(definition.clientId, {
      generateSecret: false,
      authFlows: {
        userPassword: flows.includes('USER_PASSWORD_AUTH'),
        userSrp: flows.includes('USER_SRP_AUTH'),
      },
      preventUserExistenceErrors: true,
    });
  }

  get identity(): Identity {
    return { userPoolId: this.userPool.userPoolId, userPoolClientId: this.webClient.userPoolClientId };
  }
}
