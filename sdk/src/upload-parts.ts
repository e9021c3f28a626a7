import { ConnectionError, FrameForgeError, TransferError } from './errors.js';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, retryDelayMs, sleep } from './retry-policy.js';
import type { Transport } from './transport.js';

export interface PartPlan {
  urls: { part_number: number; upload_url: string }[];
  /** Bytes of every part but the last: part n is the slice from (n - 1) × partSize. */
  partSize: number;
  headers: Record<string, string>;
}

interface SendOptions {
  concurrency?: number;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

/** PUTs each part to its signed URL, `concurrency` at a time, each retried on a dropped connection or a 5xx: the ETag of each. */
export async function sendParts(transport: Transport, plan: PartPlan, blob: Blob, options: SendOptions, alreadySent = 0): Promise<Map<number, string>> {
  const etags = new Map<number, string>();
  const queue = [...plan.urls];
  let sent = alreadySent;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!next.upload_url) throw new FrameForgeError(`The API gave no URL for part ${next.part_number}`);
      const slice = blob.slice((next.part_number - 1) * plan.partSize, next.part_number * plan.partSize);
      etags.set(next.part_number, await putWithRetries(transport, next.upload_url, slice, plan.headers, options.signal));
      sent += slice.size;
      options.onProgress?.(sent, blob.size);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return etags;
}

async function putWithRetries(transport: Transport, url: string, body: Blob, headers: Record<string, string>, signal?: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    let failure: Error;
    try {
      const response = await transport.unkeyed(url, { method: 'PUT', body, headers, signal: signal ?? null });
      const text = await response.text();
      if (response.ok) return response.headers.get('etag') ?? '';
      failure = new TransferError(`A part PUT answered ${response.status}: ${text.slice(0, 200)}`, response.status);
      if (!isRetryableStatus(response.status)) throw failure;
    } catch (error) {
      if (signal?.aborted || error instanceof TransferError) throw error;
      failure = new ConnectionError(`A part PUT got no answer: ${String(error)}`, { cause: error });
    }
    if (attempt >= DEFAULT_RETRY_POLICY.maxRetries) throw failure;
    await sleep(retryDelayMs(DEFAULT_RETRY_POLICY, attempt + 1, null), signal);
  }
}
