import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy';

export type UrlRefusalCode =
  | 'url_invalid'
  | 'url_forbidden'
  | 'url_too_large'
  | 'url_timeout'
  | 'url_unreachable'
  | 'url_status'
  | 'url_redirects';

/** A URL input or delivery refused by policy or failed in transit; the message is safe to show to the caller. */
export class UrlRefusedError extends Error {
  constructor(
    readonly code: UrlRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

export const MAX_URL_LENGTH = 2048;

export const FORBIDDEN_ADDRESS_MESSAGE = 'Error: the URL points to a private or internal address.';

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

// Names that resolve to the machine itself or to a private zone by convention, whatever DNS says.
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal'];

/** The hostname without IPv6 brackets and without trailing dots ("localhost." is still localhost). */
export function bareHostname(url: URL): string {
  const host = url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
  return host.replace(/\.+$/, '').toLowerCase();
}

/** `host:port` with the scheme's default port filled in and IPv6 kept in brackets, as written in an allow list. */
export function hostPort(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const key = hostPort(url);
  return allowHosts.some((entry) => entry.toLowerCase() === key);
}

function isInternalName(host: string): boolean {
  return host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Synchronous shape check of a caller's URL. It cannot see where a DNS name points; the fetcher
 * resolves and checks again before it connects.
 */
export function checkUrl(raw: string, allowHosts: readonly string[] = []): URL {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new UrlRefusedError('url_invalid', 'Error: the URL is empty.');
  }
  if (raw.length > MAX_URL_LENGTH) {
    throw new UrlRefusedError('url_invalid', `Error: the URL is longer than ${MAX_URL_LENGTH} characters.`);
  }
  let url: URL;
  try {
    // WHATWG parsing turns decimal, hex, octal, short and percent-encoded IPv4 hosts into dotted form.
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError('url_invalid', 'Error: the URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlRefusedError('url_invalid', 'Error: only http and https URLs are accepted.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlRefusedError('url_invalid', 'Error: the URL must not contain a user name or password.');
  }
  if (url.href.length > MAX_URL_LENGTH) {
    throw new UrlRefusedError('url_invalid', `Error: the URL is longer than ${MAX_URL_LENGTH} characters.`);
  }
  const host = bareHostname(url);
  if (host === '') {
    throw new UrlRefusedError('url_invalid', 'Error: the URL has no host name.');
  }
  if (isAllowListed(url, allowHosts)) return url;
  if (isInternalName(host)) {
    throw new UrlRefusedError('url_forbidden', FORBIDDEN_ADDRESS_MESSAGE);
  }
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new UrlRefusedError('url_forbidden', FORBIDDEN_ADDRESS_MESSAGE);
  }
  return url;
}
