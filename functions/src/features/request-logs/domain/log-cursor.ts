import { decodePageCursor, encodePageCursor } from '../../../kernel/domain/page-cursor';
import { ValidationError } from '../../../kernel/domain/errors';
import type { LogCursor } from './request-log';

const invalid = () => new ValidationError('The cursor parameter must be the next_cursor of an earlier page.', { param: 'cursor', hint: 'Pass next_cursor from the page before, unchanged.' });

/** The opaque `next_cursor` of a page: where the next one starts, nothing of anyone's data but a row's time and id. */
export const encodeCursor = (cursor: LogCursor): string => encodePageCursor(cursor);

/** Reads a cursor back; anything that is not one of ours is a 400 naming `cursor`. */
export const decodeCursor = (text: string): LogCursor => decodePageCursor(text, invalid);
