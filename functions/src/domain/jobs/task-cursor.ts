import { ValidationError } from '../shared/errors';

/** Where a page of tasks starts: just after this task, in the order newest first. */
export interface TaskCursor {
  createdAt: string;
  id: string;
}

const invalid = () =>
  new ValidationError('starting_after must be the next_cursor of an earlier page or the id of one of your tasks.', {
    param: 'starting_after',
    hint: 'Pass next_cursor from the page before, unchanged.',
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A task id rather than a cursor: Stripe's habit of passing the last item's id. */
export const isTaskId = (text: string): boolean => UUID.test(text);

/** The opaque `next_cursor`: a task's creation time and id, nothing else. */
export function encodeTaskCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is a 400 naming `starting_after`. */
export function decodeTaskCursor(text: string): TaskCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [createdAt, id] = value as unknown[];
  // Exactly the form creation times are stored in, so the cursor sorts among them.
  if (typeof createdAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  return { createdAt, id };
}

export const unknownStartingPoint = invalid;
