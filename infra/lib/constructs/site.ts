import { Duration, Lazy, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, originOf, REFERRER_POLICY } from '@frameforge/functions/kernel/contracts/security-headers';
import type { AccessLogs } from './access-logs';
import { deploySiteFiles } from './site-deployment';

export interface SiteProps {
  readonly accessLogs: AccessLogs;
  /** ARN of a CLOUDFRONT-scope AWS WAF web ACL (made in us-east-1, by the edge stack). */
  readonly webAclArn?: string;
}

/** Crawlers may index the public pages; the signed-in ones hold nothing for them. */
export const ROBOTS_TXT = ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api-keys', 'Disallow: /api-logs', 'Disallow: /settings', 'Disallow: /subscription', 'Disallow: /success', ''].join('\n');

/**
 * Client-side routes have no object behind them: an extension-less path is
 * the app shell. A function does this for the SPA's behavior alone, so a
 * missing picture or asset stays a miss instead of answering the app with 200.
 */
const SPA_ROUTES = `function handler(event) {
  var r = event.request;
  var last = r.uri.split('/').pop();
  if (last.indexOf('.') === -1) r.uri = '/index.html';
  return r;
}`;

/** S3 answers a missing object with 403 to a reader that may not list the bucket; the viewer gets the truth. */
const MISSING_IS_404 = `function handler(event) {
  var res = event.response;
  if (res.statusCode === 403) { res.statusCode = 404; res.statusDescription = 'Not Found'; }
  return res;
}`;

/**
 * The portal SPA: a private bucket that only CloudFront reads (Origin Access
 * Control), behind a response headers policy (CSP, HSTS, frame denial,
 * nosniff, referrer policy), standard logs and, where given, AWS WAF.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>`: the portal URL and the origin the APIs allow. */
  readonly url: string;

  private connectSources: string[] = [];

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      serverAccessLogsBucket: props.accessLogs.bucket,
      serverAccessLogsPrefix: 's3/site/',
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The build output is reproducible from git; nothing in here needs keeping.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const headers = this.headersPolicy();
    const spaRoutes = new cloudfront.Function(this, 'SpaRoutes', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTES),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'FrameForge developer portal',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaRoutes, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Stack outputs change on deploy; the app must never run against stale ones.
        '/config.json': {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs.bucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason: "Served on CloudFront's default *.cloudfront.net certificate, which fixes the viewer policy; a custom domain's certificate would take TLSv1.2_2021.",
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /** CSP, HSTS, frame denial, nosniff and referrer policy on every answer of the portal. */
  private headersPolicy(): cloudfront.ResponseHeadersPolicy {
    const region = Stack.of(this).region;
    return new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      comment: 'FrameForge portal: security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // The API origins are known once the APIs exist (deploy()); the policy is written then.
          contentSecurityPolicy: Lazy.string({
            produce: () =>
              contentSecurityPolicy({
                connect: [...this.connectSources, `https://cognito-idp.${region}.amazonaws.com`, `https://*.s3.${region}.amazonaws.com`],
                // The task page plays and shows outputs from their signed links to the media bucket.
                media: [`https://*.s3.${region}.amazonaws.com`],
              }),
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy, override: true },
      },
    });
  }

  /**
   * Uploads the built SPA (when `frontend/dist` exists, so synth works before a
   * build) and `config.json`, which carries the stack's values to the one build.
   * The hashed assets and the shell are cached differently (`deploySiteFiles`).
   */
  deploy(config: PortalConfig): void {
    this.connectSources = [config.portalApiUrl, config.productApiUrl].map(originOf);
    deploySiteFiles(this, { bucket: this.bucket, distribution: this.distribution, config, robotsTxt: ROBOTS_TXT });
  }

  /**
   * Serves the profile pictures at `/profile-pictures/<key>` from their own
   * private bucket; a viewer-request function drops the path prefix, since
   * the objects are stored at `{userId}/{timestamp}.jpg`.
   */
  servePictures(bucket: s3.IBucket): void {
    const notFound = new cloudfront.Function(this, 'PictureMisses', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(MISSING_IS_404),
    });
    const strip = new cloudfront.Function(this, 'PicturePath', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.uri = r.uri.replace(/^\\/profile-pictures\\//, '/'); return r; }",
      ),
    });
    this.distribution.addBehavior('/profile-pictures/*', origins.S3BucketOrigin.withOriginAccessControl(bucket), {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      functionAssociations: [
        { function: strip, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        { function: notFound, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
      ],
    });
  }
}
