import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { FIREWALL_RETRY_AFTER_SECONDS } from '@frameforge/functions/kernel/http/gateway-responses';
import { WebAcl } from './constructs/web-acl';

/**
 * What CloudFront needs from us-east-1, whatever region the product runs in:
 * the portal distribution's AWS WAF web ACL (CLOUDFRONT scope exists there only).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAclArn = new WebAcl(this, 'Portal', {
      scope: 'CLOUDFRONT',
      rateLimitPer5Minutes: 2000,
      rateLimited: {
        status: 429,
        headers: { 'Retry-After': String(FIREWALL_RETRY_AFTER_SECONDS) },
        contentType: 'TEXT_PLAIN',
        body: 'Too many requests from your address. Try again in a minute.',
      },
    }).acl.attrArn;
  }
}
