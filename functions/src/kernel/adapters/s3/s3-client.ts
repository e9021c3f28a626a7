import { S3Client } from '@aws-sdk/client-s3';

export function createS3Client(region: string, forcePathStyle: boolean): S3Client {
  // WHEN_REQUIRED keeps presigned URLs free of checksum parameters that browsers and curl cannot send.
  return new S3Client({ region, forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED' });
}

const BODY_COMMANDS = new Set(['PutObjectCommand', 'UploadPartCommand']);

/**
 * Sends object and part bodies with an unsigned payload, as the AWS CLI does
 * over HTTPS: without it, the SDK hashes every byte of an in-memory body with
 * SHA-256 on the sender's one main thread before it sends it (a third of a
 * worker's store time), where TLS already guards the bytes on their way.
 * For a client that sends bodies itself (the worker), never for one that
 * presigns URLs for browsers.
 */
export function withUnsignedPayloads(client: S3Client): S3Client {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const request = args.request as { headers?: Record<string, string> } | undefined;
      if (BODY_COMMANDS.has(context.commandName ?? '') && request?.headers) request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      return next(args);
    },
    { step: 'build', name: 'unsignedPayloads', override: true },
  );
  return client;
}
