/**
 * Waits for a condition instead of sleeping: calls `probe` until it returns a value
 * that is not `undefined` (or does not throw), then returns that value. On timeout the
 * last error (or the description) is thrown, so a failing test says what it waited for.
 * The pause between two calls is this helper's alone: it polls a condition, with a deadline.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`${what} not met within ${timeoutMs} ms${reason}`, { cause: lastError });
    }
    await pause(intervalMs);
  }
}

/**
 * Proves an absence: checks `holds` again and again over a whole window of
 * `forMs` (not once at its end), and throws as soon as it fails, naming what
 * should not have happened. Something that could still happen after the window
 * is not caught: the window is as long as the thing would take, had it come.
 */
export async function holdsFor(
  holds: () => Promise<boolean> | boolean,
  options: { forMs: number; intervalMs?: number; what: string },
): Promise<void> {
  const { forMs, intervalMs = 250, what } = options;
  const end = Date.now() + forMs;
  for (;;) {
    if (!(await holds())) throw new Error(`${what} did not hold for ${forMs} ms`);
    if (Date.now() >= end) return;
    await pause(Math.min(intervalMs, Math.max(0, end - Date.now())));
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
