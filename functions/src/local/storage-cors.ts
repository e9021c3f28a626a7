import { buckets, localName } from '../contracts/resources';
import type { CorsRule } from './emulators/s3/cors';

/**
 * The buckets' CORS rules, as infra/lib/constructs/storage.ts gives them on
 * AWS: the portal reads media and uploads inputs with presigned PUTs (reading
 * each ETag back), and any page may post a profile picture with its signed policy.
 */
export function localBucketCors(portalOrigin: string): Record<string, CorsRule[]> {
  return {
    [localName(buckets.media.id)]: [
      { allowedMethods: ['GET', 'HEAD', 'PUT'], allowedOrigins: [portalOrigin], allowedHeaders: ['*'], exposeHeaders: ['ETag'], maxAgeSeconds: 3600 },
    ],
    [localName(buckets.profilePictures.id)]: [{ allowedMethods: ['POST'], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAgeSeconds: 3600 }],
  };
}
