import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';

/** What became of one forwarded copy: the receiver's status, or why there was none. */
export type ForwardOutcome = { status: number } | { error: string };

/** As long as the worker gives a real receiver. */
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * POSTs a copy to the developer's receiver with the very body and headers
 * of the signed try (Content-Length and Host follow the new request), with
 * plain `node:http` as the worker uses, so no header is added on the way.
 */
export function forwardDelivery(delivery: MirroredDelivery, target: string, timeoutMs = FORWARD_TIMEOUT_MS): Promise<ForwardOutcome> {
  const url = new URL(target);
  const body = Buffer.from(delivery.body, 'utf8');
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(url, { method: 'POST', headers: { ...delivery.headers, 'Content-Length': String(body.length) }, timeout: timeoutMs }, (response) => {
      // Only the status matters; the rest of the answer is read and dropped so the socket is freed.
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(body);
  });
}

/**
 * Whether the key can read the task: yes when it is one of its user's own
 * (200), no when the API says it is not (404). Any other answer throws, so
 * a wrong key is reported rather than taken to mean "someone else's".
 */
export async function taskReadableWith(apiUrl: string, apiKey: string, taskId: string): Promise<boolean> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/task/${encodeURIComponent(taskId)}`, { headers: { 'X-API-Key': apiKey } });
  await response.body?.cancel();
  if (response.status === 404) return false;
  if (!response.ok) throw new Error(`the product API answered HTTP ${response.status} for the --api-key`);
  return true;
}
