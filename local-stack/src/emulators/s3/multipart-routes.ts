import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { PartInfo } from './multipart-store';
import { checkKey, objectFields } from './object-fields';
import { uploadLength } from './object-routes';
import { receiveSmall, receiveToFile } from './request-body';
import { S3Error, errors } from './s3-error';
import { sendEmpty, sendXml, type BucketRequest, type ObjectRequest } from './s3-request';
import { elements, text, xmlDocument } from './xml';

const OWNER = { ID: 'local', DisplayName: 'local' };
const unquote = (etag: string) => etag.trim().replace(/^"|"$/g, '');

export async function createMultipartUpload(request: ObjectRequest): Promise<void> {
  const { req, res, store, uploads, limits, bucket, key } = request;
  store.bucket(bucket);
  checkKey(key, limits);
  const upload = await uploads.create({ bucket, key, ...objectFields(req.headers, limits) });
  sendXml(res, 200, xmlDocument('InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: upload.uploadId }));
}

function partNumberOf(value: string | undefined, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new S3Error(400, 'InvalidArgument', `Part number must be an integer between 1 and ${max}, inclusive`, { ArgumentName: 'partNumber', ArgumentValue: value ?? '' });
  }
  return number;
}

export async function uploadPart(request: ObjectRequest, uploadId: string): Promise<void> {
  const { req, res, store, uploads, limits, bucket, key } = request;
  if (req.headers['x-amz-copy-source']) throw errors.notImplemented();
  const partNumber = partNumberOf(request.target.param('partNumber'), limits.maxParts);
  store.bucket(bucket);
  await uploads.get(uploadId, bucket, key);
  uploadLength(request, limits.partBytes);
  const temp = store.tempPath();
  const received = await receiveToFile(request, limits.partBytes, temp);
  try {
    // Aborted or completed while the part came in.
    await uploads.get(uploadId, bucket, key);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const part = await uploads.savePart(uploadId, partNumber, temp, { size: received.size, md5: received.md5.toString('hex') });
  sendEmpty(res, 200, { ETag: `"${part.md5}"` });
}

export async function listParts(request: ObjectRequest, uploadId: string): Promise<void> {
  const { target, uploads, bucket, key } = request;
  request.store.bucket(bucket);
  await uploads.get(uploadId, bucket, key);
  const marker = Number(target.param('part-number-marker') ?? 0);
  const maxParts = Math.min(Number(target.param('max-parts') ?? 1000), 1000);
  if (!Number.isInteger(marker) || marker < 0 || !Number.isInteger(maxParts) || maxParts < 0) throw errors.invalidArgument('Invalid part-number-marker or max-parts');
  const after = (await uploads.parts(uploadId)).filter((p) => p.partNumber > marker);
  const shown = after.slice(0, maxParts);
  const truncated = after.length > shown.length;
  const body = xmlDocument('ListPartsResult', {
    Bucket: bucket,
    Key: key,
    UploadId: uploadId,
    Initiator: OWNER,
    Owner: OWNER,
    StorageClass: 'STANDARD',
    PartNumberMarker: marker,
    NextPartNumberMarker: shown.at(-1)?.partNumber ?? marker,
    MaxParts: maxParts,
    IsTruncated: truncated,
    Part: shown.map((p) => ({ PartNumber: p.partNumber, LastModified: new Date(p.lastModified), ETag: `"${p.md5}"`, Size: p.size })),
  });
  sendXml(request.res, 200, body);
}

/** The parts the request lists, checked as S3 checks them before it joins anything. */
function chosenParts(body: string, uploaded: PartInfo[], minPartBytes: number): PartInfo[] {
  const listed = elements(body, 'Part').map((part) => ({ number: Number(text(part, 'PartNumber')), etag: unquote(text(part, 'ETag') ?? '') }));
  if (elements(body, 'CompleteMultipartUpload').length !== 1 || listed.length === 0 || listed.some((p) => !Number.isInteger(p.number))) throw errors.malformedXml();
  const byNumber = new Map(uploaded.map((p) => [p.partNumber, p]));
  const chosen: PartInfo[] = [];
  for (const [index, entry] of listed.entries()) {
    if (index > 0 && entry.number <= (listed[index - 1]?.number ?? 0)) {
      throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.');
    }
    const part = byNumber.get(entry.number);
    if (!part || part.md5 !== entry.etag) {
      throw new S3Error(400, 'InvalidPart', "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.", {
        PartNumber: String(entry.number),
        ETag: entry.etag,
      });
    }
    chosen.push(part);
  }
  const small = chosen.slice(0, -1).find((p) => p.size < minPartBytes);
  if (small) {
    throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
      ProposedSize: String(small.size),
      MinSizeAllowed: String(minPartBytes),
      PartNumber: String(small.partNumber),
      ETag: `"${small.md5}"`,
    });
  }
  return chosen;
}

/** Makes the listed parts the object, in place (no copy); its ETag is the md5 of the parts' binary md5s, then `-<count>`. */
export async function completeMultipartUpload(request: ObjectRequest, uploadId: string): Promise<void> {
  const { req, res, store, uploads, limits, bucket, key } = request;
  store.bucket(bucket);
  const upload = await uploads.get(uploadId, bucket, key);
  const parts = chosenParts(await receiveSmall(request), await uploads.parts(uploadId), limits.minPartBytes);
  const size = parts.reduce((sum, p) => sum + p.size, 0);
  if (size > limits.objectBytes) throw errors.tooLarge(size, limits.objectBytes);
  const digest = createHash('md5');
  for (const part of parts) digest.update(Buffer.from(part.md5, 'hex'));
  const etag = `"${digest.digest('hex')}-${parts.length}"`;
  try {
    await store.commitSegments(bucket, key, parts.map((part) => ({ path: uploads.partPath(uploadId, part), size: part.size })), { headers: upload.headers, metadata: upload.metadata, size, etag });
  } catch (error) {
    // A part no longer there: a completion of the same upload took the parts first.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw errors.noSuchUpload(uploadId);
    throw error;
  }
  await uploads.remove(uploadId);
  const location = `http://${req.headers.host ?? '127.0.0.1'}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  sendXml(res, 200, xmlDocument('CompleteMultipartUploadResult', { Location: location, Bucket: bucket, Key: key, ETag: etag }));
}

export async function abortMultipartUpload(request: ObjectRequest, uploadId: string): Promise<void> {
  request.store.bucket(request.bucket);
  await request.uploads.get(uploadId, request.bucket, request.key);
  await request.uploads.remove(uploadId);
  sendEmpty(request.res, 204);
}

export async function listMultipartUploads(request: BucketRequest): Promise<void> {
  const { target, bucket } = request;
  request.store.bucket(bucket);
  const prefix = target.param('prefix') ?? '';
  const keyMarker = target.param('key-marker') ?? '';
  const maxUploads = Math.min(Number(target.param('max-uploads') ?? 1000), 1000);
  const all = (await request.uploads.list(bucket))
    .filter((u) => u.key.startsWith(prefix) && (!keyMarker || Buffer.compare(Buffer.from(u.key), Buffer.from(keyMarker)) > 0))
    .sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) || a.initiated.localeCompare(b.initiated));
  const shown = all.slice(0, maxUploads);
  const last = shown.at(-1);
  const body = xmlDocument('ListMultipartUploadsResult', {
    Bucket: bucket,
    KeyMarker: keyMarker,
    UploadIdMarker: target.param('upload-id-marker') ?? '',
    NextKeyMarker: last?.key,
    NextUploadIdMarker: last?.uploadId,
    Prefix: prefix,
    MaxUploads: maxUploads,
    IsTruncated: all.length > shown.length,
    Upload: shown.map((u) => ({ Key: u.key, UploadId: u.uploadId, Initiator: OWNER, Owner: OWNER, StorageClass: 'STANDARD', Initiated: new Date(u.initiated) })),
  });
  sendXml(request.res, 200, body);
}
