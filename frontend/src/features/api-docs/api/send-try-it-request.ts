import { useMutation } from '@tanstack/react-query';

export interface TryItCall {
  method: string;
  url: string;
  headers: [string, string][];
  /** Built when sent: the samples' bytes are fetched from the portal only for a run. */
  body: () => Promise<BodyInit | undefined>;
}

/** What came back, as the console shows it: the status, the JSON or text, or an image to show. */
export interface TryItAnswer {
  status: number;
  contentType: string;
  /** Parsed JSON, or the text of any other answer. */
  body: unknown;
  /** An image answer (POST /frame/last), as an object URL the page owns. */
  imageUrl?: string;
  /** Seconds the API asks to wait before asking about the task (Retry-After). */
  retryAfter?: number;
}

/** The browser's own failure (no network, a refused cross-origin call) has no status: the console says so in words. */
export class TryItNetworkError extends Error {
  override readonly name = 'TryItNetworkError';
}

export async function readAnswer(response: Response): Promise<TryItAnswer> {
  const contentType = response.headers.get('content-type') ?? '';
  const retry = Number(response.headers.get('retry-after'));
  const answer = { status: response.status, contentType, ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}) };
  if (contentType.startsWith('image/')) return { ...answer, body: null, imageUrl: URL.createObjectURL(await response.blob()) };
  const text = await response.text();
  if (!contentType.includes('json')) return { ...answer, body: text };
  try {
    return { ...answer, body: JSON.parse(text) as unknown };
  } catch {
    return { ...answer, body: text };
  }
}

/** Sends the console's request to the product API exactly as built: the user's key, their fields, no session of the portal. */
export async function sendTryItRequest({ method, url, headers, body: makeBody }: TryItCall): Promise<TryItAnswer> {
  const body = await makeBody();
  const withType = typeof body === 'string' ? [...headers, ['Content-Type', 'application/json'] as [string, string]] : headers;
  let response: Response;
  try {
    response = await fetch(url, { method, headers: withType, body, credentials: 'omit' });
  } catch (error) {
    throw new TryItNetworkError(error instanceof Error ? error.message : String(error));
  }
  return readAnswer(response);
}

export function useSendTryItRequest() {
  return useMutation({ mutationFn: sendTryItRequest });
}
