import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { buckets, type BucketDefinition } from '@frameforge/functions/kernel/contracts/resources';
import type { AccessLogs } from './access-logs';

export interface StorageProps {
  readonly accessLogs: AccessLogs;
}

/**
 * The media bucket (inputs and outputs of jobs) and the KMS key that seals
 * API key secrets, so the secret is only ever stored encrypted (architecture §3).
 */
export class Storage extends Construct {
  readonly mediaBucket: s3.Bucket;
  /** Profile pictures: private, read by CloudFront only; the browser posts uploads with a presigned POST. */
  readonly profilePicturesBucket: s3.Bucket;
  readonly apiKeySecretsKey: kms.Key;

  private readonly accessLogs: AccessLogs;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    this.accessLogs = props.accessLogs;
    this.mediaBucket = this.privateBucket(buckets.media);
    this.profilePicturesBucket = this.privateBucket(buckets.profilePictures);

    this.apiKeySecretsKey = new kms.Key(this, 'ApiKeySecretsKey', {
      description: 'FrameForge: envelope key that seals API key secrets at rest',
      enableKeyRotation: true,
      // Destroying the key would make every stored secret unreadable.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** Private, encrypted, TLS-only, kept on stack deletion; its objects expire as its definition says. */
  private privateBucket(definition: BucketDefinition): s3.Bucket {
    return new s3.Bucket(this, definition.id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        ...definition.expirations.map((rule) => ({
          id: `expire-${rule.prefix.replace(/\W+/g, '')}`,
          prefix: rule.prefix,
          expiration: Duration.days(rule.days),
        })),
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // The same rules the local S3 emulator applies.
      cors: definition.cors.map((rule) => ({
        allowedMethods: rule.allowedMethods.map((method) => s3.HttpMethods[method]),
        allowedOrigins: [...rule.allowedOrigins],
        allowedHeaders: [...rule.allowedHeaders],
        exposedHeaders: [...rule.exposedHeaders],
        maxAge: rule.maxAgeSeconds,
      })),
      serverAccessLogsBucket: this.accessLogs.bucket,
      serverAccessLogsPrefix: `s3/${definition.id}/`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
