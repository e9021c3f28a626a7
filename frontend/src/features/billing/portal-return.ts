/**
 * Stripe tells the server about what happened in its billing portal by
 * webhook, which may land after the browser is back. The moment the user left
 * is kept for the page they come back to, which reads the subscription again
 * until the server has seen a change made after it.
 */
const KEY = 'frameforge.billing-portal-left-at';
/** A return later than this is not from that visit. */
const MAX_AWAY_MS = 60 * 60 * 1000;
/** How long to wait for the webhook before showing what the server has. */
export const PORTAL_RETURN_WINDOW_MS = 20_000;

export function rememberLeavingForPortal(storage: Pick<Storage, 'setItem'>, now = Date.now()): void {
  try {
    storage.setItem(KEY, String(now));
  } catch {
    // Storage may be off (private mode): the page then shows what it first reads.
  }
}

/** When the user left for the portal, if this page load is their return from it; read once. */
export function takePortalDeparture(storage: Pick<Storage, 'getItem' | 'removeItem'>, now = Date.now()): number | null {
  let value: string | null = null;
  try {
    value = storage.getItem(KEY);
    storage.removeItem(KEY);
  } catch {
    return null;
  }
  const leftAt = Number(value);
  return value !== null && Number.isFinite(leftAt) && leftAt <= now && now - leftAt < MAX_AWAY_MS ? leftAt : null;
}

/** Whether to read the subscription again: back from the portal, within the window, with nothing newer than the departure yet. */
export function awaitingPortalChange(leftAt: number | null, returnedAt: number, updatedAt: string | undefined, now = Date.now()): boolean {
  if (leftAt === null || now - returnedAt > PORTAL_RETURN_WINDOW_MS) return false;
  return updatedAt === undefined || Date.parse(updatedAt) < leftAt;
}
