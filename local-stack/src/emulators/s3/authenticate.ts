import type { IncomingMessage } from 'node:http';
import type { RequestTarget } from './request-target';
import { S3Error, errors } from './s3-error';
import {
  ALGORITHM,
  UNSIGNED_PAYLOAD,
  canonicalRequest,
  hmacHex,
  parseAmzDate,
  sameSignature,
  signingKey,
  stringToSign,
  uriEncode,
  type CredentialScope,
} from './sigv4';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 refuses a signed request whose time is further than this from its own clock. */
const MAX_SKEW_MS = 15 * 60_000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

const malformed = (message: string) => new S3Error(400, 'AuthorizationHeaderMalformed', message);
const badQuery = (message: string) => new S3Error(400, 'AuthorizationQueryParametersError', message);

/** `AKID/20240101/us-east-1/s3/aws4_request`; the key id must be ours. */
export function parseCredential(value: string, credentials: Credentials, fail: (message: string) => S3Error): CredentialScope {
  const [accessKeyId, date, region, service, terminator, ...rest] = value.split('/');
  if (!accessKeyId || !date || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length > 0) {
    throw fail(`The authorization credential is malformed: ${value}`);
  }
  if (accessKeyId !== credentials.accessKeyId) throw errors.unknownAccessKey();
  return { accessKeyId, date, region, service };
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** Paths as signers write them: ours re-encoded from the decoded path, and the one sent, should a client encode differently. */
function candidatePaths(target: RequestTarget): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.rawPath);
  } catch {
    return [target.rawPath];
  }
  const encoded = decoded.split('/').map(uriEncode).join('/');
  return encoded === target.rawPath ? [encoded] : [encoded, target.rawPath];
}

interface Signed {
  amzDate: string;
  scope: CredentialScope;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
}

/** S3 takes no x-amz-* header outside the signature: it would change what the request does. */
function unsignedAmzHeaders(req: IncomingMessage, signed: Signed): string[] {
  return Object.keys(req.headers).filter((name) => name.startsWith('x-amz-') && !signed.signedHeaders.includes(name));
}

function verify(req: IncomingMessage, target: RequestTarget, credentials: Credentials, signed: Signed, presigned: boolean): void {
  const unsigned = ['host', ...(presigned ? unsignedAmzHeaders(req, signed) : [])].filter((name) => !signed.signedHeaders.includes(name));
  if (unsigned.length > 0) throw errors.accessDenied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  const key = signingKey(credentials.secretAccessKey, signed.scope);
  const matches = candidatePaths(target).some((path) => {
    const canonical = canonicalRequest({
      method: req.method ?? 'GET',
      path,
      query: target.query,
      signedHeaders: signed.signedHeaders,
      headerValue: (name) => headerValue(req, name),
      payloadHash: signed.payloadHash,
    });
    return sameSignature(hmacHex(key, stringToSign(signed.amzDate, signed.scope, canonical)), signed.signature);
  });
  if (!matches) throw errors.signatureMismatch();
}

function fromHeader(req: IncomingMessage, credentials: Credentials, now: Date): Signed {
  const authorization = headerValue(req, 'authorization');
  if (!authorization.startsWith(`${ALGORITHM} `)) throw errors.invalidArgument('Unsupported Authorization Type');
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length)
      .split(',')
      .map((part) => part.trim().split('=', 2) as [string, string | undefined]),
  );
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeaders || !signature) throw malformed('The authorization header is malformed; it must name Credential, SignedHeaders and Signature.');
  const scope = parseCredential(credential, credentials, malformed);
  const amzDate = headerValue(req, 'x-amz-date');
  const date = parseAmzDate(amzDate);
  if (!date) throw errors.accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  if (!amzDate.startsWith(scope.date)) throw malformed(`The authorization header is malformed; Invalid credential date. Date is not the same as X-Amz-Date: ${scope.date}.`);
  if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  const payloadHash = headerValue(req, 'x-amz-content-sha256');
  if (!payloadHash) throw errors.invalidRequest('Missing required header for this request: x-amz-content-sha256');
  return { amzDate, scope, signedHeaders: signedHeaders.split(';'), signature, payloadHash };
}

function fromQuery(target: RequestTarget, credentials: Credentials, now: Date): Signed {
  const param = (name: string) => target.param(name) ?? '';
  if (param('X-Amz-Algorithm') !== ALGORITHM) throw badQuery('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const scope = parseCredential(param('X-Amz-Credential'), credentials, badQuery);
  const amzDate = param('X-Amz-Date');
  const date = parseAmzDate(amzDate);
  if (!date) throw badQuery('X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd\'T\'HHmmss\'Z\'"');
  const expiresParam = target.param('X-Amz-Expires');
  if (expiresParam === undefined) throw badQuery('Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  const expires = Number(expiresParam);
  if (!/^\d+$/.test(expiresParam) || !Number.isSafeInteger(expires)) throw badQuery('X-Amz-Expires should be a number');
  if (expires > MAX_PRESIGNED_SECONDS) throw badQuery('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  if (date.getTime() - now.getTime() > MAX_SKEW_MS) throw errors.accessDenied('Request is not valid yet');
  if (now.getTime() > date.getTime() + expires * 1000) throw errors.expired(expires, new Date(date.getTime() + expires * 1000), now);
  const signedHeaders = param('X-Amz-SignedHeaders');
  const signature = param('X-Amz-Signature');
  if (!signedHeaders || !signature) throw badQuery('Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  const payloadHash = target.param('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD;
  return { amzDate, scope, signedHeaders: signedHeaders.split(';'), signature, payloadHash };
}

/**
 * Checks the request's SigV4 signature, in the Authorization header or in a
 * presigned query, against the one key pair; answers what the signer said of
 * the body (a hex sha256, UNSIGNED-PAYLOAD or a STREAMING-… framing).
 */
export function authenticate(req: IncomingMessage, target: RequestTarget, credentials: Credentials, now: Date): string {
  const inHeader = req.headers.authorization !== undefined;
  const inQuery = target.has('X-Amz-Signature') || target.has('X-Amz-Credential');
  if (inHeader && inQuery) throw errors.invalidArgument('Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified');
  if (!inHeader && !inQuery) throw errors.accessDenied();
  const signed = inHeader ? fromHeader(req, credentials, now) : fromQuery(target, credentials, now);
  verify(req, target, credentials, signed, !inHeader);
  return signed.payloadHash;
}
