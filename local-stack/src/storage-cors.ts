import { buckets, localName } from '@frameforge/functions/kernel/contracts/resources';
import type { CorsRule } from './emulators/s3/cors';

/** The buckets' CORS rules, from the same definitions the CDK stack applies on AWS. */
export function localBucketCors(): Record<string, CorsRule[]> {
  return Object.fromEntries(
    Object.values(buckets).map((bucket) => [
      localName(bucket.id),
      bucket.cors.map((rule) => ({
        allowedMethods: [...rule.allowedMethods],
        allowedOrigins: [...rule.allowedOrigins],
        allowedHeaders: [...rule.allowedHeaders],
        exposeHeaders: [...rule.exposedHeaders],
        maxAgeSeconds: rule.maxAgeSeconds,
      })),
    ]),
  );
}
