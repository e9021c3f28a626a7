import { bucketCors, bucketLifecycle, createBucket, deleteBucket, deleteObjects, getBucketLocation, headBucket, listBuckets } from './bucket-routes';
import { listObjects } from './list-objects';
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, listMultipartUploads, listParts, uploadPart } from './multipart-routes';
import { deleteObject, getObject, putObject } from './object-routes';
import { errors } from './s3-error';
import type { BucketRequest, ObjectRequest, S3Request } from './s3-request';

/**
 * Subresources S3 has and this emulator does not: answered 501 rather than
 * mistaken for the plain operation (a GET ?acl is not a GetObject).
 */
const UNSUPPORTED = [
  'acl', 'tagging', 'policy', 'policyStatus', 'versioning', 'versions', 'website', 'encryption', 'replication', 'notification',
  'logging', 'accelerate', 'requestPayment', 'publicAccessBlock', 'ownershipControls', 'object-lock', 'retention', 'legal-hold',
  'restore', 'select', 'torrent', 'attributes', 'analytics', 'inventory', 'metrics', 'intelligent-tiering', 'rename', 'renameObject',
];

type Handler = () => void | Promise<void>;

function bucketRoute(request: BucketRequest): Handler | undefined {
  const { target } = request;
  const method = request.req.method;
  if (target.has('lifecycle') && (method === 'GET' || method === 'PUT' || method === 'DELETE')) return () => bucketLifecycle(request);
  if (target.has('cors') && (method === 'GET' || method === 'PUT' || method === 'DELETE')) return () => bucketCors(request);
  switch (method) {
    case 'GET':
      if (target.has('location')) return () => getBucketLocation(request);
      if (target.has('uploads')) return () => listMultipartUploads(request);
      return () => listObjects(request);
    case 'HEAD':
      return () => headBucket(request);
    case 'PUT':
      return target.namesSubresource ? undefined : () => createBucket(request);
    case 'DELETE':
      return target.namesSubresource ? undefined : () => deleteBucket(request);
    case 'POST':
      return target.has('delete') ? () => deleteObjects(request) : undefined;
    default:
      return undefined;
  }
}

function objectRoute(request: ObjectRequest): Handler | undefined {
  const { target } = request;
  const uploadId = target.param('uploadId');
  switch (request.req.method) {
    case 'GET':
      return uploadId === undefined ? () => getObject(request) : () => listParts(request, uploadId);
    case 'HEAD':
      return () => getObject(request);
    case 'PUT':
      return uploadId === undefined ? () => putObject(request) : () => uploadPart(request, uploadId);
    case 'DELETE':
      return uploadId === undefined ? () => deleteObject(request) : () => abortMultipartUpload(request, uploadId);
    case 'POST':
      if (target.has('uploads')) return () => createMultipartUpload(request);
      return uploadId === undefined ? undefined : () => completeMultipartUpload(request, uploadId);
    default:
      return undefined;
  }
}

/** Runs the operation a signed request names; the path style is `/bucket/key`. */
export async function route(request: S3Request): Promise<void> {
  const { bucket, key } = request.target;
  if (UNSUPPORTED.some((name) => request.target.has(name))) throw errors.notImplemented();
  let handler: Handler | undefined;
  if (bucket === undefined) handler = request.req.method === 'GET' ? () => listBuckets(request) : undefined;
  else if (key === undefined) handler = bucketRoute({ ...request, bucket });
  else handler = objectRoute({ ...request, bucket, key });
  if (!handler) throw errors.methodNotAllowed();
  await handler();
}
