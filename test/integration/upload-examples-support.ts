import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { testServices } from '../support/services';

/**
 * A gateway in front of the product API for the docs' upload examples: API
 * requests pass through, except that every part URL an answer names is
 * pointed at the gateway, which forwards the part PUTs to storage with the
 * signed host unchanged, but drops the connection of the first PUT of part 2
 * of each upload half-way. So each example meets a failed part and has to
 * recover from the listing, as a client on a poor connection does.
 */
export interface PartDroppingGateway {
  url: string;
  /** The multipart upload ids (storage's) whose part 2 lost its connection once. */
  dropped: Set<string>;
  close(): Promise<void>;
}

const STORAGE_PREFIX = '/storage/';

export async function startPartDroppingGateway(api: string): Promise<PartDroppingGateway> {
  const dropped = new Set<string>();
  const server = createServer((incoming, answer) => {
    if (incoming.url?.startsWith(STORAGE_PREFIX)) toStorage(incoming, answer, dropped);
    else toApi(api, incoming, answer, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `/storage/<host:port>/<path>?<query>` back to the presigned URL it stands for. */
function storageTarget(path: string): { host: string; path: string } {
  const rest = path.slice(STORAGE_PREFIX.length);
  const slash = rest.indexOf('/');
  return { host: rest.slice(0, slash), path: rest.slice(slash) };
}

function toStorage(incoming: IncomingMessage, answer: ServerResponse, dropped: Set<string>): void {
  const target = storageTarget(incoming.url ?? '');
  const query = new URL(target.path, 'http://storage').searchParams;
  const uploadId = query.get('uploadId') ?? '';
  if (incoming.method === 'PUT' && query.get('partNumber') === '2' && !dropped.has(uploadId)) {
    dropped.add(uploadId);
    // Some bytes arrive, then the line goes: no answer at all.
    incoming.once('data', () => incoming.socket.destroy());
    return;
  }
  const [hostname, port] = target.host.split(':');
  // The signature covers the host: storage must see the one the URL was signed for.
  const { expect: _expect, ...headers } = incoming.headers;
  const onward = request({ hostname, port, method: incoming.method, path: target.path, headers: { ...headers, host: target.host } }, (reply) => {
    answer.writeHead(reply.statusCode ?? 502, reply.headers);
    reply.pipe(answer);
  });
  onward.on('error', () => answer.destroy());
  incoming.pipe(onward);
}

/** Passes an API request on; a JSON answer has its part URLs pointed at the gateway. */
function toApi(api: string, incoming: IncomingMessage, answer: ServerResponse, self: string): void {
  const base = new URL(api);
  const onward = request(
    { hostname: base.hostname, port: base.port, method: incoming.method, path: `${base.pathname.replace(/\/$/, '')}${incoming.url ?? '/'}`, headers: { ...incoming.headers, host: base.host } },
    (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const rewritten = String(reply.headers['content-type']).includes('json') ? pointPartUrlsAt(body, self) : body;
        const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = reply.headers;
        answer.writeHead(reply.statusCode ?? 502, { ...headers, 'content-length': Buffer.byteLength(rewritten) });
        answer.end(rewritten);
      });
    },
  );
  onward.on('error', () => answer.destroy());
  incoming.pipe(onward);
}

function pointPartUrlsAt(body: string, self: string): string {
  const view = JSON.parse(body) as { part_urls?: { part_number: number; upload_url: string }[] };
  if (!view.part_urls) return body;
  for (const part of view.part_urls) {
    const url = new URL(part.upload_url);
    part.upload_url = `${self}${STORAGE_PREFIX}${url.host}${url.pathname}${url.search}`;
  }
  return JSON.stringify(view);
}

export interface ProgramRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs an example program to its end, whatever its exit code. */
export function runProgram(command: string, args: string[], cwd: string, timeoutMs: number): Promise<ProgramRun> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (error?.message ?? '') });
    });
  });
}

/** The SHA-256 of the file storage holds for an upload, found by its file_id among the stored uploads. */
export async function storedUploadDigest(fileId: string): Promise<string> {
  const services = testServices();
  const s3 = new S3Client({ region: 'us-east-1', endpoint: services.s3, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, forcePathStyle: true });
  const bucket = services.resources.buckets.BUCKET_MEDIA ?? '';
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'uploads/', ContinuationToken: token }));
    const found = page.Contents?.find((object) => object.Key?.includes(`/${fileId}/`));
    if (found?.Key) {
      const { Body: body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: found.Key }));
      if (!body) throw new Error(`storage answered no body for ${found.Key}`);
      return createHash('sha256').update(await body.transformToByteArray()).digest('hex');
    }
    token = page.NextContinuationToken;
  } while (token);
  throw new Error(`storage holds no file for ${fileId}`);
}
