import { promises as dns } from 'node:dns';
import { open, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { formatBytes } from '../../../uploads/contracts/upload-limits';
import { isPublicAddress } from '../../../../kernel/adapters/http/address-policy';
import { bareHostname, checkUrl, FORBIDDEN_ADDRESS_MESSAGE, isAllowListed, UrlRefusedError, type UrlRefusalCode } from '../../../../kernel/adapters/http/url-policy';

export interface SafeFetchOptions {
  /** Body cap. safeDownload refuses beyond it (a Content-Length above it before reading); safeRequest cuts the reply off there. */
  maxBytes: number;
  timeoutMs: number; // whole-request deadline (connect + headers + body)
  maxRedirects?: number; // default 5; each hop is checked again (shape, DNS, address)
  allowHosts?: readonly string[];
  /** Injectable resolver for tests; default: dns.promises.lookup(hostname, { all: true, verbatim: true }). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  method?: 'GET' | 'POST'; // POST never follows redirects
  headers?: Record<string, string>;
  body?: Buffer | string;
}

interface CheckedAddress {
  address: string;
  family: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_MESSAGES: Partial<Record<UrlRefusalCode, string>> = {
  url_forbidden: 'Error: the URL redirected to a private or internal address.',
  url_invalid: 'Error: the URL redirected to a location that is not an accepted http or https URL.',
  url_unreachable: 'Error: the URL redirected to a host name that could not be resolved.',
};

const defaultResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** Marks a failure of the local file, which must reach the caller as it is rather than as a URL refusal. */
class LocalFileError {
  constructor(readonly cause: unknown) {}
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves the host once and refuses unless every address it has is public (or the host:port is allow-listed). */
async function checkedAddresses(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<CheckedAddress[]> {
  const host = bareHostname(url);
  let found: CheckedAddress[];
  if (isIP(host) !== 0) {
    found = [{ address: host, family: isIP(host) }];
  } else {
    try {
      found = await untilAborted((options.resolve ?? defaultResolve)(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new UrlRefusedError('url_unreachable', 'Error: the host name in the URL could not be resolved.');
    }
  }
  // The family is recomputed from the address so that a resolver cannot mislabel it.
  const addresses = found.map(({ address }) => ({ address, family: isIP(address) }));
  if (addresses.length === 0 || addresses.some(({ family }) => family === 0)) {
    throw new UrlRefusedError('url_unreachable', 'Error: the host name in the URL could not be resolved.');
  }
  if (!isAllowListed(url, options.allowHosts ?? []) && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new UrlRefusedError('url_forbidden', FORBIDDEN_ADDRESS_MESSAGE);
  }
  return addresses;
}

/** The socket's own name lookup answers only with the addresses already checked, so a second DNS answer cannot rebind it. */
function pinnedLookup(addresses: CheckedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const [first] = addresses;
    if (lookupOptions.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
  };
}

function send(url: URL, addresses: CheckedAddress[], options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = bareHostname(url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!['host', 'content-length'].includes(name.toLowerCase())) headers[name] = value;
  }
  headers.host = url.host;
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  if (body) headers['content-length'] = String(body.length);
  const secure = url.protocol === 'https:';
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        method: options.method ?? 'GET',
        host,
        port: Number(url.port || (secure ? 443 : 80)),
        path: `${url.pathname}${url.search}`,
        headers,
        agent: false, // a fresh socket per hop, never one connected for another host
        lookup: pinnedLookup(addresses),
        signal,
        ...(secure && isIP(host) === 0 ? { servername: host } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Checks the URL again on every hop; later hops are worded as the redirect's fault. */
async function checkHop(raw: string, options: SafeFetchOptions, signal: AbortSignal, redirected: boolean) {
  try {
    const url = checkUrl(raw, options.allowHosts ?? []);
    return { url, addresses: await checkedAddresses(url, options, signal) };
  } catch (error) {
    if (!redirected || !(error instanceof UrlRefusedError)) throw error;
    throw new UrlRefusedError(error.code, REDIRECT_MESSAGES[error.code] ?? error.message);
  }
}

async function openFollowing(raw: string, options: SafeFetchOptions, signal: AbortSignal) {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = raw;
  for (let redirects = 0; ; redirects++) {
    const { url, addresses } = await checkHop(current, options, signal, redirects > 0);
    const response = await send(url, addresses, options, signal);
    const location = response.headers.location;
    if ((options.method ?? 'GET') !== 'GET' || !REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) {
      return { response, url };
    }
    response.destroy();
    if (redirects >= maxRedirects) {
      throw new UrlRefusedError('url_redirects', `Error: the URL redirected more than ${maxRedirects} times.`);
    }
    try {
      current = new URL(location, url).href;
    } catch {
      throw new UrlRefusedError('url_invalid', 'Error: the URL redirected to an address that is not a valid URL.');
    }
  }
}

const MAX_FILE_NAME = 100;

function cleanFileName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // Leading dots go so that the name can be neither hidden nor a path step such as "..".
  const clean = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  if (!/[A-Za-z0-9]/.test(clean)) return undefined;
  if (clean.length <= MAX_FILE_NAME) return clean;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? '';
  return clean.slice(0, MAX_FILE_NAME - extension.length) + extension;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) return decoded(extended.trim());
  return /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header)?.slice(1).find((part) => part !== undefined)?.trim();
}

/** The name the server gave the file: last path segment of the final URL, else Content-Disposition. */
function fileNameFrom(url: URL, disposition: string | undefined): string | undefined {
  const segment = url.pathname.split('/').pop() ?? '';
  return cleanFileName(decoded(segment)) ?? cleanFileName(dispositionFileName(disposition));
}

function tooLarge(maxBytes: number): UrlRefusedError {
  return new UrlRefusedError('url_too_large', `Error: the file at the URL is larger than ${formatBytes(maxBytes)} (${maxBytes} bytes).`);
}

async function withDeadline<T>(options: SafeFetchOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (!(options.maxBytes >= 0) || !(options.timeoutMs > 0)) throw new TypeError('maxBytes and timeoutMs must be positive numbers');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (error instanceof LocalFileError) throw error.cause;
    if (error instanceof UrlRefusedError) throw error;
    if (controller.signal.aborted) {
      throw new UrlRefusedError('url_timeout', `Error: the URL did not finish within ${Math.ceil(options.timeoutMs / 1000)} seconds.`);
    }
    // Only the error code is passed on: socket messages carry the resolved address.
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const detail = typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : '';
    throw new UrlRefusedError('url_unreachable', `Error: the URL could not be reached${detail}.`);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body chunk by chunk, handing each to `take`; a deadline destroys the stream so the loop ends at once. */
async function readBody(response: IncomingMessage, signal: AbortSignal, take: (chunk: Buffer) => Promise<boolean>) {
  const stop = () => response.destroy(new Error('deadline'));
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (!(await take(chunk))) return;
    }
    if (!response.complete) throw new Error('the connection closed before the body was complete');
  } finally {
    signal.removeEventListener('abort', stop);
    response.destroy();
  }
}

export async function safeDownload(
  url: string,
  destination: string,
  options: SafeFetchOptions,
): Promise<{ bytes: number; contentType: string | undefined; finalUrl: string; fileName: string | undefined }> {
  return withDeadline(options, async (signal) => {
    const { response, url: finalUrl } = await openFollowing(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      throw new UrlRefusedError('url_status', `Error: the URL answered with HTTP status ${status}.`);
    }
    if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
      response.destroy();
      throw tooLarge(options.maxBytes);
    }
    const file = await open(destination, 'w').catch((error: unknown) => {
      response.destroy();
      throw new LocalFileError(error);
    });
    let bytes = 0;
    let complete = false;
    try {
      await readBody(response, signal, async (chunk) => {
        bytes += chunk.length;
        if (bytes > options.maxBytes) throw tooLarge(options.maxBytes);
        await file.write(chunk).catch((error: unknown) => Promise.reject(new LocalFileError(error)));
        return true;
      });
      await file.close().catch((error: unknown) => Promise.reject(new LocalFileError(error)));
      complete = true;
    } finally {
      if (!complete) {
        await file.close().catch(() => undefined);
        await rm(destination, { force: true });
      }
    }
    return {
      bytes,
      contentType: response.headers['content-type'],
      finalUrl: finalUrl.href,
      fileName: fileNameFrom(finalUrl, response.headers['content-disposition']),
    };
  });
}

/** Sends one request (GET follows redirects, POST never does) and returns any status; a body beyond maxBytes is cut off there. */
export async function safeRequest(
  url: string,
  options: SafeFetchOptions,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return withDeadline(options, async (signal) => {
    const { response } = await openFollowing(url, options, signal);
    const chunks: Buffer[] = [];
    let bytes = 0;
    await readBody(response, signal, async (chunk) => {
      const room = options.maxBytes - bytes;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      bytes += Math.min(chunk.length, room);
      return bytes < options.maxBytes;
    });
    return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
  });
}
