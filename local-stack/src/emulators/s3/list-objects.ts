import { S3Error, errors } from './s3-error';
import type { BucketRequest } from './s3-request';
import { sendXml } from './s3-request';
import { uriEncode } from './sigv4';
import { xmlDocument, type XmlFields } from './xml';

const after = (key: string, marker: string) => Buffer.compare(Buffer.from(key), Buffer.from(marker)) > 0;

function maxKeys(value: string | undefined): number {
  if (value === undefined) return 1000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw errors.invalidArgument('Provided max-keys not an integer or within integer range');
  return Math.min(parsed, 1000);
}

interface Page {
  contents: XmlFields[];
  prefixes: string[];
  /** The last key or common prefix of the page, where the next page starts after. */
  last: string | undefined;
  truncated: boolean;
}

/** One page of keys after `marker`, with keys past the delimiter rolled up into common prefixes (each one counts as a key). */
function page(request: BucketRequest, prefix: string, delimiter: string | undefined, marker: string, limit: number, encode: (v: string) => string): Page {
  const result: Page = { contents: [], prefixes: [], last: undefined, truncated: false };
  for (const meta of request.store.list(request.bucket)) {
    if (!meta.key.startsWith(prefix) || (marker && !after(meta.key, marker))) continue;
    // A page that ended on a common prefix has returned every key under it.
    if (delimiter && marker.endsWith(delimiter) && marker.startsWith(prefix) && meta.key.startsWith(marker)) continue;
    const cut = delimiter ? meta.key.indexOf(delimiter, prefix.length) : -1;
    const item = cut >= 0 && delimiter ? meta.key.slice(0, cut + delimiter.length) : meta.key;
    if (item === result.last) continue;
    if (result.contents.length + result.prefixes.length >= limit) {
      result.truncated = true;
      break;
    }
    result.last = item;
    if (item === meta.key) {
      result.contents.push({ Key: encode(meta.key), LastModified: new Date(meta.lastModified), ETag: meta.etag, Size: meta.size, StorageClass: 'STANDARD' });
    } else {
      result.prefixes.push(item);
    }
  }
  return result;
}

/** ListObjectsV2 (`list-type=2`, with continuation tokens) and the original ListObjects (with markers). */
export function listObjects(request: BucketRequest): void {
  const { target } = request;
  request.store.bucket(request.bucket);
  const prefix = target.param('prefix') ?? '';
  const delimiter = target.param('delimiter') || undefined;
  const encodingType = target.param('encoding-type');
  if (encodingType !== undefined && encodingType !== 'url') throw errors.invalidArgument('Invalid Encoding Method specified in Request');
  const encode = encodingType === 'url' ? (v: string) => v.split('/').map(uriEncode).join('/') : (v: string) => v;
  const limit = maxKeys(target.param('max-keys'));
  const common = {
    Name: request.bucket,
    Prefix: encode(prefix),
    Delimiter: delimiter === undefined ? undefined : encode(delimiter),
    MaxKeys: limit,
    EncodingType: encodingType,
  };
  if (target.param('list-type') === '2') {
    const token = target.param('continuation-token');
    const startAfter = target.param('start-after');
    const fromToken = token === undefined ? undefined : Buffer.from(token, 'base64url').toString('utf8');
    if (token !== undefined && (token === '' || !fromToken)) throw new S3Error(400, 'InvalidArgument', 'The continuation token provided is incorrect');
    const result = page(request, prefix, delimiter, fromToken ?? startAfter ?? '', limit, encode);
    const body = xmlDocument('ListBucketResult', {
      ...common,
      KeyCount: result.contents.length + result.prefixes.length,
      IsTruncated: result.truncated,
      ContinuationToken: token,
      NextContinuationToken: result.truncated && result.last ? Buffer.from(result.last).toString('base64url') : undefined,
      StartAfter: startAfter === undefined ? undefined : encode(startAfter),
      Contents: result.contents,
      CommonPrefixes: result.prefixes.map((p) => ({ Prefix: encode(p) })),
    });
    return sendXml(request.res, 200, body);
  }
  const marker = target.param('marker') ?? '';
  const result = page(request, prefix, delimiter, marker, limit, encode);
  const body = xmlDocument('ListBucketResult', {
    ...common,
    Marker: encode(marker),
    NextMarker: result.truncated && result.last ? encode(result.last) : undefined,
    IsTruncated: result.truncated,
    Contents: result.contents,
    CommonPrefixes: result.prefixes.map((p) => ({ Prefix: encode(p) })),
  });
  sendXml(request.res, 200, body);
}
