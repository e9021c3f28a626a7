import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate, type Credentials } from './authenticate';
import { answerPreflight, applyCors, type CorsRule } from './cors';
import { limitsFor, type Limits } from './limits';
import { MultipartStore } from './multipart-store';
import { ObjectStore } from './object-store';
import { postObject } from './post-object';
import { parseTarget, type RequestTarget } from './request-target';
import { route } from './routes';
import { S3Error, sendError } from './s3-error';

export interface S3EmulatorOptions {
  /** Where buckets, objects and uploads in progress live; they outlast a restart. */
  rootDir: string;
  /** The one key pair every request must be signed with. */
  credentials: Credentials;
  /** A cap below S3's own sizes (5 GiB a PUT or part, 5 TiB an object), so tests can reach it cheaply. */
  maxObjectBytes?: number;
  /** CORS rules per bucket name, for buckets without a configuration of their own (PutBucketCors). */
  cors?: Record<string, CorsRule[]>;
  /** The clock signatures and policies are checked against. */
  now?: () => Date;
}

const isForm = (req: IncomingMessage) => /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/**
 * An S3 stand-in for the local stack: path-style, on 127.0.0.1 only, signed
 * requests only, bodies streamed to disk, and S3's limits, codes and XML.
 */
export class S3Emulator {
  private readonly store: ObjectStore;
  private readonly uploads: MultipartStore;
  private readonly limits: Limits;
  private readonly now: () => Date;
  private readonly server: Server;

  constructor(private readonly options: S3EmulatorOptions) {
    this.store = new ObjectStore(options.rootDir);
    this.uploads = new MultipartStore(options.rootDir);
    this.limits = limitsFor(options.maxObjectBytes);
    this.now = options.now ?? (() => new Date());
    const handle = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res);
    this.server = createServer(handle);
    // Answered here, not by Node: a body S3 would refuse (bad signature, too large) is refused before it is sent.
    this.server.on('checkContinue', handle);
  }

  /** Starts listening on 127.0.0.1 (port 0 picks a free one); resolves with the endpoint URL. */
  async listen(port: number): Promise<string> {
    await this.store.load();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private corsRules(bucket: string | undefined): CorsRule[] | undefined {
    if (bucket === undefined) return undefined;
    let stored: CorsRule[] | undefined;
    try {
      stored = this.store.bucket(bucket).cors;
    } catch {
      return undefined;
    }
    return stored ?? this.options.cors?.[bucket];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    let target: RequestTarget | undefined;
    try {
      target = parseTarget(req.url ?? '/');
      const rules = this.corsRules(target.bucket);
      if (req.method === 'OPTIONS') return answerPreflight(req, res, rules);
      applyCors(req, res, rules);
      const base = { req, res, target, store: this.store, uploads: this.uploads, limits: this.limits };
      // A browser form carries its signature in its fields, not in the request.
      if (req.method === 'POST' && target.bucket !== undefined && target.key === undefined && !target.namesSubresource && isForm(req)) {
        return await postObject({ ...base, payloadHash: 'UNSIGNED-PAYLOAD', bucket: target.bucket }, this.options.credentials, this.now());
      }
      const payloadHash = authenticate(req, target, this.options.credentials, this.now());
      await route({ ...base, payloadHash });
    } catch (error) {
      if (!(error instanceof S3Error)) console.error('[s3] internal error', error);
      const answer = error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      const resource = target ? [target.bucket, target.key].filter((part) => part !== undefined).join('/') : '';
      sendError(res, answer, req.method, `/${resource}`, requestId);
    }
  }
}
