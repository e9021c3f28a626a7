import { Annotations, Arn, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/** Used until the deployer names a verified SES identity with `-c emailFrom=...`. */
const PLACEHOLDER_FROM = 'FrameForge <no-reply@frameforge.example>';

/**
 * E-mail the product sends itself (usage alerts, job failures) through SES,
 * from the address given as the `emailFrom` context value, which must be a
 * verified SES identity of the account.
 */
export class Notifications extends Construct {
  readonly emailFrom: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const value: unknown = this.node.tryGetContext('emailFrom');
    this.emailFrom = typeof value === 'string' && value.trim() ? value.trim() : PLACEHOLDER_FROM;
    if (this.emailFrom === PLACEHOLDER_FROM) {
      Annotations.of(this).addWarningV2('frameforge:placeholder-email-from', 'No sender for notification e-mails: pass -c emailFrom="Name <address>" with a verified SES identity.');
    }
  }

  environment(): Record<string, string> {
    return { EMAIL_FROM: this.emailFrom };
  }

  /**
   * SendEmail from the sending identity only: SES authorizes the address, or
   * the domain it belongs to, whichever of the two was verified.
   */
  grantSend(grantee: iam.IGrantable): void {
    const address = /<([^>]+)>/.exec(this.emailFrom)?.[1] ?? this.emailFrom;
    const domain = address.split('@')[1] ?? address;
    const identity = (name: string) => Arn.format({ service: 'ses', resource: 'identity', resourceName: name }, Stack.of(this));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [identity(address), identity(domain)] }),
    );
  }
}

/** Looking a user's address up by their id (ListUsers filtered on sub), on one pool only. */
export function grantUserLookup(grantee: iam.IGrantable, userPoolId: string, scope: Construct): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['cognito-idp:ListUsers'],
      resources: [Arn.format({ service: 'cognito-idp', resource: 'userpool', resourceName: userPoolId }, Stack.of(scope))],
    }),
  );
}
