import { open } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { checkKey, objectFields } from './object-fields';
import type { ObjectMeta } from './object-store';
import { declaredLength, receiveToFile } from './request-body';
import { S3Error, errors } from './s3-error';
import { sendEmpty, type ObjectRequest } from './s3-request';
import { sendBytes, type DataFile } from './send-bytes';

const OVERRIDES = ['content-type', 'content-language', 'expires', 'cache-control', 'content-disposition', 'content-encoding'];

/** The declared size of an upload, refused as S3 refuses it before reading a byte. */
export function uploadLength(request: ObjectRequest, limit: number): number {
  const length = declaredLength(request.req, request.payloadHash);
  if (length === undefined) throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  if (length > limit) throw errors.tooLarge(length, limit);
  return length;
}

export async function putObject(request: ObjectRequest): Promise<void> {
  const { req, res, store, limits, bucket, key } = request;
  if (req.headers['x-amz-copy-source']) throw errors.notImplemented();
  store.bucket(bucket);
  checkKey(key, limits);
  uploadLength(request, limits.putBytes);
  const fields = objectFields(req.headers, limits);
  const temp = store.tempPath();
  const received = await receiveToFile(request, limits.putBytes, temp);
  const meta = await store.commit(bucket, key, temp, { ...fields, size: received.size, etag: `"${received.md5.toString('hex')}"` });
  sendEmpty(res, 200, { ETag: meta.etag });
}

export async function deleteObject(request: ObjectRequest): Promise<void> {
  request.store.bucket(request.bucket);
  await request.store.delete(request.bucket, request.key);
  sendEmpty(request.res, 204);
}

type Range = { start: number; end: number };

/** One `bytes=` range, as S3 serves it; a header it cannot read is ignored and the whole object sent. */
function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? undefined : { start, end };
}

const tags = (header: string) => header.split(',').map((t) => t.trim());
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** If-Match / If-Unmodified-Since refuse with 412; If-None-Match / If-Modified-Since answer 304. */
function preconditions(request: ObjectRequest, meta: ObjectMeta): 304 | 412 | undefined {
  const h = request.req.headers;
  const modified = seconds(meta.lastModified);
  if (h['if-match'] !== undefined && !tags(h['if-match']).some((t) => t === '*' || t === meta.etag)) return 412;
  if (h['if-match'] === undefined && h['if-unmodified-since'] && modified > seconds(h['if-unmodified-since'])) return 412;
  if (h['if-none-match'] !== undefined && tags(h['if-none-match']).some((t) => t === '*' || t === meta.etag)) return 304;
  if (h['if-none-match'] === undefined && h['if-modified-since'] && modified <= seconds(h['if-modified-since'])) return 304;
  return undefined;
}

function objectHeaders(request: ObjectRequest, meta: ObjectMeta): OutgoingHttpHeaders {
  // Lower-case names throughout, so a stored or overridden header replaces the default instead of doubling it.
  const headers: OutgoingHttpHeaders = {
    'content-type': 'binary/octet-stream',
    etag: meta.etag,
    'last-modified': new Date(meta.lastModified).toUTCString(),
    'accept-ranges': 'bytes',
  };
  for (const [name, value] of Object.entries(meta.headers)) headers[name] = value;
  for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
  // Presigned downloads name the file through these; S3 honours them on signed requests only, as every request here is.
  for (const name of OVERRIDES) {
    const override = request.target.param(`response-${name}`);
    if (override !== undefined) headers[name] = override;
  }
  return headers;
}

/** Bytes read from disk at a time: a slow reader (ffmpeg) then wakes us rarely. */
const READ_CHUNK = 1024 * 1024;

/** An object's data files, each opened with the size it holds. */
interface OpenData {
  meta: ObjectMeta;
  files: DataFile[];
}

/** The data files, opened at once: a write that replaces the object may remove them right after the lookup. */
async function openData(request: ObjectRequest): Promise<OpenData> {
  for (let attempt = 0; ; attempt += 1) {
    const meta = request.store.head(request.bucket, request.key);
    const files: OpenData['files'] = [];
    try {
      for (const data of request.store.dataFiles(request.bucket, meta)) files.push({ handle: await open(data.path, 'r'), size: data.size });
      return { meta, files };
    } catch (error) {
      await Promise.all(files.map((f) => f.handle.close()));
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
    }
  }
}

/** GetObject and HeadObject: headers from the sidecar, the bytes (or one range of them) streamed from disk. */
export async function getObject(request: ObjectRequest): Promise<void> {
  const { req, res } = request;
  const { meta, files } = await openData(request);
  try {
    const condition = preconditions(request, meta);
    if (condition === 412) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-Match' });
    const headers = objectHeaders(request, meta);
    if (condition === 304) return sendEmpty(res, 304, { etag: meta.etag, 'last-modified': headers['last-modified'] });
    const range = parseRange(req.headers.range, meta.size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${meta.size}`);
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: req.headers.range ?? '', ActualObjectSize: String(meta.size) });
    }
    const { start, end } = range ?? { start: 0, end: meta.size - 1 };
    if (range) headers['content-range'] = `bytes ${start}-${end}/${meta.size}`;
    headers['content-length'] = end - start + 1;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD' || meta.size === 0) return void res.end();
    await sendBytes(res, files, start, end, READ_CHUNK);
  } finally {
    await Promise.all(files.map((f) => f.handle.close()));
  }
}
