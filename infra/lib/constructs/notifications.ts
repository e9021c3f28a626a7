import { Annotations, Arn, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/** Used until the deployer names a verified SES identity with `-c emailFrom=...`. */
const PLACEHOLDER_FROM = 'FrameForge <no-reply@frameforge.example>';

/** Who the product's e-mail comes from, read once from the context for every sender (SES and Cognito). */
export interface Sender {
  /** `Name <address>` or a bare address: what `EMAIL_FROM` and Cognito's `From` carry. */
  readonly from: string;
  readonly address: string;
  readonly name?: string;
  /** The verified SES identity: the address itself or its domain (`-c emailIdentity=`, default the domain). */
  readonly identity: string;
  /** False until `-c emailFrom` names a real sender. */
  readonly configured: boolean;
}

/**
 * The one reading of `emailFrom` and `emailIdentity`. SES accepts mail from an
 * address when either the address or its domain is verified, but Cognito
 * needs the ARN of the identity that actually is: both senders take it from here.
 */
export function senderOf(scope: Construct): Sender {
  const value: unknown = scope.node.tryGetContext('emailFrom');
  const given = typeof value === 'string' ? value.trim() : '';
  const configured = given !== '';
  const from = configured ? given : PLACEHOLDER_FROM;
  const match = /^(.*?)\s*<([^>]+)>$/.exec(from);
  const address = (match?.[2] ?? from).trim();
  const name = match?.[1]?.trim() || undefined;
  const domain = address.split('@')[1] ?? address;
  const named: unknown = scope.node.tryGetContext('emailIdentity');
  const wanted = (typeof named === 'string' && named.trim() ? named.trim() : domain).toLowerCase();
  // Spelled as in the address: Cognito compares the domain with the sender's, case and all.
  const identity = [address, domain].find((candidate) => candidate.toLowerCase() === wanted);
  if (!identity) throw new Error(`emailIdentity "${wanted}" must be the sender's address (${address}) or its domain (${domain}).`);
  return { from, address, ...(name ? { name } : {}), identity, configured };
}

/**
 * E-mail the product sends itself (usage alerts, job failures) through SES,
 * from the address given as the `emailFrom` context value, which must be a
 * verified SES identity of the account.
 */
export class Notifications extends Construct {
  readonly sender: Sender;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.sender = senderOf(this);
    if (!this.sender.configured) {
      Annotations.of(this).addWarningV2('frameforge:placeholder-email-from', 'No sender for notification e-mails: pass -c emailFrom="Name <address>" with a verified SES identity.');
    }
  }

  environment(): Record<string, string> {
    return { EMAIL_FROM: this.sender.from };
  }

  /**
   * SendEmail from the sending address only. SES may check either the address
   * or its domain (the more specific verified identity wins), so both are named.
   */
  grantSend(grantee: iam.IGrantable): void {
    const { address } = this.sender;
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
