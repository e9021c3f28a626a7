import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { PortalConfig } from '@frameforge/functions/contracts/portal-config';
import { frontendDist, hasFrontendBuild } from '../paths';

/**
 * The portal SPA: a private bucket that only CloudFront reads (Origin Access
 * Control). Client-side routes have no object behind them, so S3's 403/404
 * become the app shell with 200.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>`: the portal URL and the origin the APIs allow. */
  readonly url: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The build output is reproducible from git; nothing in here needs keeping.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const spaFallback = (httpStatus: number): cloudfront.ErrorResponse => ({
      httpStatus,
      responseHttpStatus: 200,
      responsePagePath: '/index.html',
      ttl: Duration.seconds(0),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'FrameForge developer portal',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
      },
      additionalBehaviors: {
        // Stack outputs change on deploy; the app must never run against stale ones.
        '/config.json': {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        },
      },
      errorResponses: [spaFallback(403), spaFallback(404)],
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the built SPA (when `frontend/dist` exists, so synth works before a
   * build) and `config.json`, which carries the stack's values to the one build.
   */
  deploy(config: PortalConfig): void {
    const sources = [
      ...(hasFrontendBuild() ? [s3deploy.Source.asset(frontendDist)] : []),
      s3deploy.Source.jsonData('config.json', config),
    ];
    new s3deploy.BucketDeployment(this, 'Deployment', {
      sources,
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
  }

  /**
   * Serves the profile pictures at `/profile-pictures/<key>` from their own
   * private bucket; a viewer-request function drops the path prefix, since
   * the objects are stored at `{userId}/{timestamp}.jpg`.
   */
  servePictures(bucket: s3.IBucket): void {
    const strip = new cloudfront.Function(this, 'PicturePath', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.uri = r.uri.replace(/^\\/profile-pictures\\//, '/'); return r; }",
      ),
    });
    this.distribution.addBehavior('/profile-pictures/*', origins.S3BucketOrigin.withOriginAccessControl(bucket), {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      functionAssociations: [{ function: strip, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    });
  }
}
