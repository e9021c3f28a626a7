/** What a retry hook is told before the SDK waits and tries again. */
export interface RetryInfo {
  method: string;
  path: string;
  /** 1 for the first retry. */
  attempt: number;
  /** The status that made it retry, or null when the request got no answer. */
  status: number | null;
  delayMs: number;
}

export interface RetryPolicy {
  maxRetries: number;
  /** The first backoff; each retry doubles it, with jitter, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000 };

/** 429 and 5xx are worth another try: a busy window or a passing fault. 501 never gets better. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The wait before retry `attempt`: the API's Retry-After when it gave one (it knows when the window reopens),
 * else exponential backoff with full jitter, so many clients refused together do not come back together.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterSeconds: number | null, random = Math.random): number {
  if (retryAfterSeconds !== null) return retryAfterSeconds * 1000;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
