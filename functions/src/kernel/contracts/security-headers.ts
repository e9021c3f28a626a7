/**
 * The portal's security headers, one definition for CloudFront's response
 * headers policy and the local static host, so the browser tests run the SPA
 * under the very policy that deploys.
 */
export interface PortalOrigins {
  /** Origins the SPA calls from script: the two APIs, Cognito, the buckets it uploads to. */
  readonly connect: readonly string[];
  /** Where signed links to outputs point (the media bucket): the task page plays and shows them. */
  readonly media?: readonly string[];
}

export function contentSecurityPolicy({ connect, media = [] }: PortalOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Component libraries set style attributes; no script may run from them.
    "style-src 'self' 'unsafe-inline'",
    // Picture previews in the crop dialog are blob: and data: URLs.
    ['img-src', "'self'", 'data:', 'blob:', ...media].join(' '),
    ['media-src', "'self'", 'blob:', ...media].join(' '),
    "font-src 'self' data:",
    `connect-src ${['self', ...connect].map((source) => (source === 'self' ? "'self'" : source)).join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * `https://host:port/path` → `https://host:port`, the form CSP sources take.
 * By text, not `new URL`: at synthesis the host of an API is still a token.
 */
export const originOf = (url: string): string => url.replace(/^(https?:\/\/[^/]+).*$/, '$1');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Two years, subdomains included: the preload list's requirement. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
