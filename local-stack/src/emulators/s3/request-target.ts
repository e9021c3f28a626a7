import { errors } from './s3-error';

/** What a path-style request names: `/bucket/key?query`, with the query kept in order for signing. */
export interface RequestTarget {
  /** The path exactly as sent, still percent-encoded. */
  rawPath: string;
  bucket: string | undefined;
  key: string | undefined;
  /** Decoded name/value pairs in the order sent; a name without `=` has the value ''. */
  query: [string, string][];
  has(name: string): boolean;
  param(name: string): string | undefined;
  /** Whether the query names anything besides a presigned signature and the SDK's `x-id` operation hint. */
  namesSubresource: boolean;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw errors.invalidArgument('The request contains a malformed percent-encoding.');
  }
}

export function parseTarget(url: string): RequestTarget {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : url.slice(queryAt + 1);
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
  const path = rawPath.replace(/^\/+/, '');
  const slash = path.indexOf('/');
  const bucket = path === '' ? undefined : decode(slash < 0 ? path : path.slice(0, slash));
  const rawKey = slash < 0 ? '' : path.slice(slash + 1);
  const values = new Map<string, string>();
  for (const [name, value] of query) if (!values.has(name)) values.set(name, value);
  return {
    rawPath,
    bucket,
    key: rawKey === '' ? undefined : decode(rawKey),
    query,
    has: (name) => values.has(name),
    namesSubresource: query.some(([name]) => !/^x-amz-/i.test(name) && name !== 'x-id'),
    param: (name) => values.get(name),
  };
}
