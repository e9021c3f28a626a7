import { corsXml, parseCorsXml } from './cors';
import { receiveSmall } from './request-body';
import { S3Error, errors } from './s3-error';
import { sendEmpty, sendXml, type BucketRequest, type S3Request } from './s3-request';
import { elements, text, xmlDocument } from './xml';

const OWNER = { ID: 'local', DisplayName: 'local' };

export function listBuckets(request: S3Request): void {
  const buckets = request.store.listBuckets().map((b) => ({ Name: b.name, CreationDate: new Date(b.created) }));
  sendXml(request.res, 200, xmlDocument('ListAllMyBucketsResult', { Owner: OWNER, Buckets: { Bucket: buckets } }));
}

export async function createBucket(request: BucketRequest): Promise<void> {
  await request.store.createBucket(request.bucket);
  sendEmpty(request.res, 200, { Location: `/${request.bucket}` });
}

export function headBucket(request: BucketRequest): void {
  request.store.bucket(request.bucket);
  sendEmpty(request.res, 200, { 'x-amz-bucket-region': 'us-east-1' });
}

export async function deleteBucket(request: BucketRequest): Promise<void> {
  await request.store.deleteBucket(request.bucket);
  sendEmpty(request.res, 204);
}

export function getBucketLocation(request: BucketRequest): void {
  request.store.bucket(request.bucket);
  // us-east-1 is the empty location constraint.
  sendXml(request.res, 200, '<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>');
}

/** Lifecycle rules are kept and given back; objects do not expire locally. */
export async function bucketLifecycle(request: BucketRequest): Promise<void> {
  const { req, res, store, bucket } = request;
  const info = store.bucket(bucket);
  if (req.method === 'GET') {
    if (!info.lifecycle) throw new S3Error(404, 'NoSuchLifecycleConfiguration', 'The lifecycle configuration does not exist', { BucketName: bucket });
    return sendXml(res, 200, info.lifecycle);
  }
  if (req.method === 'DELETE') {
    await store.updateBucket(bucket, { lifecycle: undefined });
    return sendEmpty(res, 204);
  }
  const body = await receiveSmall(request);
  if (elements(body, 'LifecycleConfiguration').length !== 1 || elements(body, 'Rule').length === 0) throw errors.malformedXml();
  await store.updateBucket(bucket, { lifecycle: body });
  sendEmpty(res, 200);
}

export async function bucketCors(request: BucketRequest): Promise<void> {
  const { req, res, store, bucket } = request;
  const info = store.bucket(bucket);
  if (req.method === 'GET') {
    if (!info.cors) throw new S3Error(404, 'NoSuchCORSConfiguration', 'The CORS configuration does not exist', { BucketName: bucket });
    return sendXml(res, 200, corsXml(info.cors));
  }
  if (req.method === 'DELETE') {
    await store.updateBucket(bucket, { cors: undefined });
    return sendEmpty(res, 204);
  }
  await store.updateBucket(bucket, { cors: parseCorsXml(await receiveSmall(request)) });
  sendEmpty(res, 200);
}

/** DeleteObjects: up to 1000 keys; Quiet answers only the failures. */
export async function deleteObjects(request: BucketRequest): Promise<void> {
  const { res, store, bucket } = request;
  store.bucket(bucket);
  const body = await receiveSmall(request);
  const objects = elements(body, 'Object');
  const keys = objects.map((object) => text(object, 'Key')).filter((key): key is string => key !== undefined);
  if (elements(body, 'Delete').length !== 1 || keys.length !== objects.length || keys.length === 0 || keys.length > 1000) throw errors.malformedXml();
  const quiet = text(body, 'Quiet') === 'true';
  const deleted: { Key: string }[] = [];
  const failed: { Key: string; Code: string; Message: string }[] = [];
  for (const key of keys) {
    try {
      await store.delete(bucket, key);
      deleted.push({ Key: key });
    } catch (error) {
      failed.push({ Key: key, Code: error instanceof S3Error ? error.code : 'InternalError', Message: error instanceof Error ? error.message : String(error) });
    }
  }
  sendXml(res, 200, xmlDocument('DeleteResult', { Deleted: quiet ? [] : deleted, Error: failed }));
}
