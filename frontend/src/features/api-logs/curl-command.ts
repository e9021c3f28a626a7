import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';

/** POSIX single quotes keep every character literal; a quote inside is closed, escaped and reopened. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export type CurlSource = Pick<ApiLogView, 'method' | 'endpoint' | 'query' | 'masked_key'>;

/** The logged request's full URL on the product API: base, endpoint and query string. */
export function requestUrlOf(log: Pick<ApiLogView, 'endpoint' | 'query'>, productApiUrl: string): string {
  const base = productApiUrl.replace(/\/+$/, '');
  const path = log.endpoint.startsWith('/') ? log.endpoint : `/${log.endpoint}`;
  const query = (log.query ?? '').replace(/^\?/, '');
  return `${base}${path}${query ? `?${query}` : ''}`;
}

/**
 * A curl command repeating the logged request. The log keeps neither the body nor the secret, so the
 * key is the masked one (the page says so) and a POST body has to be added by hand.
 */
export function buildCurlCommand(log: CurlSource, productApiUrl: string): string {
  const method = log.method.toUpperCase();
  const safeMethod = /^[A-Z]+$/.test(method) ? method : shellQuote(method);
  return [`curl -X ${safeMethod} ${shellQuote(requestUrlOf(log, productApiUrl))}`, `-H ${shellQuote(`X-API-Key: ${log.masked_key}`)}`].join(' \\\n  ');
}
