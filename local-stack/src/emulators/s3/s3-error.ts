import type { ServerResponse } from 'node:http';
import { escapeXml } from './xml';

/** An error S3 would answer, with its own code and status, so SDK callers see what AWS would send them. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra elements of the error document (e.g. the expected and computed hashes), as S3 adds them. */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = code;
  }
}

export const errors = {
  accessDenied: (message = 'Access Denied') => new S3Error(403, 'AccessDenied', message),
  accessForbidden: (message: string) => new S3Error(403, 'AccessForbidden', message),
  /** With the details S3 adds, so a client can tell a stale URL from a skewed clock. */
  expired: (expiresSeconds: number, expiredAt: Date, now: Date) =>
    new S3Error(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': String(expiresSeconds),
      Expires: expiredAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ServerTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }),
  signatureMismatch: () =>
    new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.'),
  unknownAccessKey: () => new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'),
  noSuchBucket: (bucket: string) => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket }),
  noSuchKey: (key: string) => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key }),
  noSuchUpload: (uploadId: string) =>
    new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId }),
  tooLarge: (size: number, max: number) =>
    new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: String(size), MaxSizeAllowed: String(max) }),
  tooSmall: (message = 'Your proposed upload is smaller than the minimum allowed size') => new S3Error(400, 'EntityTooSmall', message),
  malformedXml: () =>
    new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema'),
  invalidArgument: (message: string) => new S3Error(400, 'InvalidArgument', message),
  invalidRequest: (message: string) => new S3Error(400, 'InvalidRequest', message),
  notImplemented: () => new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.'),
  methodNotAllowed: () => new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'),
};

/**
 * Writes the error as S3 does: an XML document, or only the status for HEAD
 * (S3 sends HEAD errors without a body, and the SDK maps them from the status).
 */
export function sendError(res: ServerResponse, error: S3Error, method: string | undefined, resource: string, requestId: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const details = Object.entries(error.details)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const body =
    method === 'HEAD'
      ? ''
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>${details}<Resource>${escapeXml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(error.status, {
    'Content-Type': 'application/xml',
    'Content-Length': Buffer.byteLength(body),
    'x-amz-request-id': requestId,
  });
  res.end(body);
}
