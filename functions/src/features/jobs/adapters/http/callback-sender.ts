import { CallbackRefusedError, type CallbackSender } from '../../../callbacks/domain/callback-service';
import { safeRequest } from '../../../jobs/adapters/http/safe-fetch';
import { UrlRefusedError, type UrlRefusalCode } from '../../../../kernel/adapters/http/url-policy';

/** A receiver gets this long to answer; a slow one is tried again later. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** Only the status matters: the rest of a long answer is not read. */
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** Refusals that no later try can change; timeouts and unreachable hosts are worth another try. */
const FINAL_REFUSALS: readonly UrlRefusalCode[] = ['url_forbidden', 'url_invalid'];

/** Posts callbacks through the guarded fetcher: no internal address is reached unless allow-listed (`host:port`). */
export class HttpCallbackSender implements CallbackSender {
  constructor(
    private readonly allowHosts: readonly string[],
    private readonly limits: { timeoutMs: number; maxBytes: number } = { timeoutMs: DEFAULT_TIMEOUT_MS, maxBytes: DEFAULT_MAX_RESPONSE_BYTES },
  ) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    try {
      const response = await safeRequest(url, { ...this.limits, allowHosts: this.allowHosts, method: 'POST', headers, body });
      return { status: response.status };
    } catch (error) {
      if (!(error instanceof UrlRefusedError)) throw error;
      // The fetcher speaks of "the URL"; on a task the caller reads of its callback URL.
      const message = error.message.replace(/^Error: the URL\b/, 'Error: the callback URL');
      if (FINAL_REFUSALS.includes(error.code)) throw new CallbackRefusedError(message, { cause: error });
      throw new Error(message, { cause: error });
    }
  }
}
