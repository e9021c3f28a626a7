import { ValidationError } from '../shared/errors';
import type { LogCursor } from './request-log';

const invalid = () => new ValidationError('cursor must be the next_cursor of an earlier page.', { param: 'cursor' });

/** The opaque `next_cursor` of a page: where the next one starts, nothing of anyone's data but a row's time and id. */
export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is a 400 naming `cursor`. */
export function decodeCursor(text: string): LogCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)) || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt)) throw invalid();
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) throw invalid();
  return { createdAt, id };
}
