/** The browser is free: an idle period, or after `timeoutMs` at the latest. */
function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * Runs `run` once the screen just rendered has been painted on screen (its largest paint is
 * reported) and the browser is idle: a download started earlier would compete with that paint.
 * Where largest paints are not reported, after the next frame. Returns a cancel function.
 */
export function afterFirstPaint(run: () => void, fallbackMs = 3000): () => void {
  const cleanups: (() => void)[] = [];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    cleanups.push(whenIdle(run, 2000));
  };
  if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    const rendered = performance.now();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= rendered)) start();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    const fallback = setTimeout(start, fallbackMs);
    cleanups.push(() => observer.disconnect(), () => clearTimeout(fallback));
  } else {
    const frame = requestAnimationFrame(() => setTimeout(start, 0));
    cleanups.push(() => cancelAnimationFrame(frame));
  }
  return () => {
    started = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
