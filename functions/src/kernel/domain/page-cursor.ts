/** Where a page of a newest-first list starts: just after the item made at `createdAt` with this id. */
export interface PageCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Exactly the form creation times are stored in (`toISOString`), so a cursor sorts among them. */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const isUuid = (text: string): boolean => UUID.test(text);

/** The opaque `next_cursor` of a page: an item's creation time and id, nothing of anyone's data. */
export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is `invalid()`, the list's own 400 naming its parameter. */
export function decodePageCursor(text: string, invalid: () => Error): PageCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !STORED_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  return { createdAt, id };
}
