/**
 * Runs work items with a fixed number in flight, each lane (an API) held to
 * its own steady rate: under the gateways' throttles, so a 429 stays rare.
 */
export async function paced<T, R>(
  items: readonly T[],
  options: { concurrency: number; laneOf: (item: T) => string; perSecond: Record<string, number> },
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const nextSlot = new Map<string, number>();
  const results: R[] = new Array<R>(items.length);
  let cursor = 0;
  const waitForSlot = async (lane: string) => {
    const gap = 1000 / (options.perSecond[lane] ?? 10);
    const now = Date.now();
    const slot = Math.max(now, nextSlot.get(lane) ?? now);
    nextSlot.set(lane, slot + gap);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
  const worker = async () => {
    for (;;) {
      const index = cursor++;
      if (index >= items.length) return;
      const item = items[index] as T;
      await waitForSlot(options.laneOf(item));
      results[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return results;
}
