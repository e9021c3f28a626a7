import type { MirroredDelivery } from '../../../callbacks/contracts/callback-mirror';
import type { CallbackSender } from '../../../callbacks/domain/callback-service';

/** The mirror is a helper on the same machine: a copy that takes longer is not worth holding the try up. */
const DEFAULT_MIRROR_TIMEOUT_MS = 2_000;

export interface MirrorOptions {
  /** Told of a copy that could not be made; the try itself goes on as if there were no mirror. */
  onError: (error: unknown) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Sends each callback try as the wrapped sender does and also POSTs a copy
 * (`MirroredDelivery` as JSON) to a configured mirror, the local stack's
 * callback tap. The copy goes out whatever becomes of the try, and the
 * try's answer or error is returned untouched, so what the task records
 * is the same with or without a mirror. The mirror is an address the
 * operator configured, not a caller's, so it is posted to directly.
 */
export class MirroredCallbackSender implements CallbackSender {
  private readonly fetch: typeof fetch;

  constructor(
    private readonly delivery: CallbackSender,
    private readonly mirrorUrl: string,
    private readonly options: MirrorOptions,
  ) {
    this.fetch = options.fetch ?? fetch;
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    // Started first and side by side: a receiver that hangs for its whole timeout does not delay the copy.
    const copied = this.copy({ callback_url: url, headers: { ...headers }, body });
    try {
      return await this.delivery.post(url, body, headers);
    } finally {
      await copied;
    }
  }

  /** Never rejects: a failed copy is reported and otherwise ignored. */
  private async copy(delivery: MirroredDelivery): Promise<void> {
    try {
      const response = await this.fetch(this.mirrorUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(delivery),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_MIRROR_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the callback mirror answered HTTP ${response.status}`);
    } catch (error) {
      this.options.onError(error);
    }
  }
}
