import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsChunkedDecoder, incompleteBody } from './aws-chunked';
import { S3Error, errors } from './s3-error';
import type { S3Request } from './s3-request';
import { UNSIGNED_PAYLOAD } from './sigv4';

const isStreaming = (req: IncomingMessage, payloadHash: string) =>
  payloadHash.startsWith('STREAMING-') || (req.headers['content-encoding'] ?? '').split(',').some((e) => e.trim() === 'aws-chunked');

/** The size of the body once decoded, as the request declares it; undefined when it does not. */
export function declaredLength(req: IncomingMessage, payloadHash: string): number | undefined {
  const raw = isStreaming(req, payloadHash) ? req.headers['x-amz-decoded-content-length'] : req.headers['content-length'];
  if (raw === undefined || Array.isArray(raw)) return undefined;
  const length = Number(raw);
  if (!Number.isSafeInteger(length) || length < 0) throw errors.invalidArgument('Content-Length must be a non-negative integer.');
  return length;
}

/** Counts, md5-hashes and checks the decoded bytes as they pass: the size limit, the signed sha256, the declared length. */
class BodyCheck extends Transform {
  readonly md5 = createHash('md5');
  private readonly sha256 = createHash('sha256');
  size = 0;

  constructor(
    private readonly limit: number,
    private readonly expectedSha256: string | undefined,
    private readonly expectedLength: number | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return done(errors.tooLarge(this.size, this.limit));
    this.md5.update(chunk);
    if (this.expectedSha256) this.sha256.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.expectedLength !== undefined && this.size !== this.expectedLength) return done(incompleteBody());
    const computed = this.expectedSha256 ? this.sha256.digest('hex') : undefined;
    if (computed !== undefined && computed !== this.expectedSha256) {
      return done(
        new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", {
          ClientComputedContentSHA256: this.expectedSha256 ?? '',
          S3ComputedContentSHA256: computed,
        }),
      );
    }
    done();
  }
}

export interface ReceivedBody {
  size: number;
  /** Binary md5 of the decoded bytes: the ETag of a single PUT and of a part. */
  md5: Buffer;
}

/** A client that asked to be told before sending its body is told now: every check that needs no body has passed. */
export function allowBody(request: S3Request): void {
  if (/100-continue/i.test(request.req.headers.expect ?? '') && !request.res.headersSent) request.res.writeContinue();
}

/**
 * Streams the decoded body through the checks into `sink`. The request is
 * piped, not handed to the pipeline, so a refused body leaves the socket open
 * for the error answer: what is left of it is read and thrown away.
 */
async function receive(request: S3Request, limit: number, sink: NodeJS.WritableStream): Promise<ReceivedBody> {
  const { req, payloadHash } = request;
  const hex = /^[0-9a-f]{64}$/.test(payloadHash) ? payloadHash : undefined;
  const streaming = isStreaming(req, payloadHash);
  if (!hex && !streaming && payloadHash !== UNSIGNED_PAYLOAD) {
    throw errors.invalidArgument('x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-…, or a valid sha256 value.');
  }
  const source = new PassThrough();
  req.on('error', (error) => source.destroy(error));
  req.on('close', () => {
    if (!req.complete) source.destroy(incompleteBody());
  });
  req.pipe(source);
  allowBody(request);
  const check = new BodyCheck(limit, hex, streaming ? declaredLength(req, payloadHash) : undefined);
  const stages: Readable[] = streaming ? [source, new AwsChunkedDecoder(), check] : [source, check];
  try {
    await pipeline([...stages, sink]);
  } catch (error) {
    req.unpipe(source);
    req.resume();
    // A failing disk is ours to answer for (500); anything else that breaks the stream is the client's body ending early.
    if (error instanceof S3Error || (error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    throw incompleteBody();
  }
  return { size: check.size, md5: check.md5.digest() };
}

/** Streams the body into a new file at `path`; removes the file when the body is refused. */
export async function receiveToFile(request: S3Request, limit: number, path: string): Promise<ReceivedBody> {
  try {
    return await receive(request, limit, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** A small body (an XML request) read whole; S3 caps these documents too. */
export async function receiveSmall(request: S3Request, limit = 2 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await receive(request, limit, sink);
  return Buffer.concat(chunks).toString('utf8');
}
