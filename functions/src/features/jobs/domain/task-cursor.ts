import { decodePageCursor, encodePageCursor, isUuid, type PageCursor } from '../../../kernel/domain/page-cursor';
import { ValidationError } from '../../../kernel/domain/errors';

/** Where a page of tasks starts: just after this task, in the order newest first. */
export type TaskCursor = PageCursor;

const invalid = () =>
  new ValidationError('The starting_after parameter must be the next_cursor of an earlier page or the id of one of your tasks.', {
    param: 'starting_after',
    hint: 'Pass next_cursor from the page before, unchanged.',
  });

/** A task id rather than a cursor: Stripe's habit of passing the last item's id. */
export const isTaskId = isUuid;

/** The opaque `next_cursor`: a task's creation time and id, nothing else. */
export const encodeTaskCursor = encodePageCursor;

/** Reads a cursor back; anything that is not one of ours is a 400 naming `starting_after`. */
export const decodeTaskCursor = (text: string): TaskCursor => decodePageCursor(text, invalid);

export const unknownStartingPoint = invalid;
