/** What a request line names, as API Gateway reads it: a path and a query, never a host. */
export interface RequestTarget {
  /** The path as sent, still percent-encoded: `//task/x` stays `//task/x`. */
  path: string;
  query: URLSearchParams;
}

/**
 * Reads the request target without resolving it against a base: `new URL('//task/x', base)`
 * would take `task` for a host and route the request as `/x`. The absolute form
 * (`GET http://host/path`), which HTTP/1.1 servers must accept, gives its path;
 * its host is not ours to trust and is dropped.
 */
export function parseRequestTarget(raw: string): RequestTarget {
  let target = raw;
  if (!target.startsWith('/')) {
    const absolute = /^https?:\/\/[^/?#]*([^#]*)/i.exec(target);
    target = absolute ? absolute[1] || '/' : `/${target}`;
  }
  const hash = target.indexOf('#');
  if (hash >= 0) target = target.slice(0, hash);
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1)) };
}
