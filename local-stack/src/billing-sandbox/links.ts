/**
 * Stripe hands out absolute links to its hosted pages. The sandbox's origin
 * changes whenever the stack restarts on other ports, so it keeps those links
 * as paths and puts its current origin in front only when it answers (the
 * API, webhooks and its own pages). Links stored absolute by earlier versions
 * are re-based the same way.
 */

/** The fields that hold a hosted page's address, by Stripe object type. */
const LINK_FIELDS: Readonly<Record<string, readonly string[]>> = {
  invoice: ['hosted_invoice_url', 'invoice_pdf'],
  'checkout.session': ['url'],
  'billing_portal.session': ['url'],
};

const PAGE_LINK = /^(?:https?:\/\/[^/]+)?(\/(?:invoice|checkout|billing_portal)\/[^\s]*)$/;

/** A stored page link on the current origin; anything else (null, another site's URL) as it is. */
export function pageLink<T extends string | null | undefined>(stored: T, origin: string): T | string {
  const path = typeof stored === 'string' ? PAGE_LINK.exec(stored)?.[1] : undefined;
  return path === undefined ? stored : `${origin.replace(/\/+$/, '')}${path}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A copy of an answer (any depth of objects, lists, expansions) with every hosted page link on the current origin. */
export function withPageLinks<T>(value: T, origin: string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withPageLinks(item, origin)) as T;
  if (!isRecord(value)) return value;
  const fields = typeof value.object === 'string' ? (LINK_FIELDS[value.object] ?? []) : [];
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = fields.includes(key) && (typeof item === 'string' || item === null) ? pageLink(item, origin) : withPageLinks(item, origin);
  }
  return copy as T;
}
