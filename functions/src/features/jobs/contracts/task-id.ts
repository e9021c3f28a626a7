import * as z from 'zod';

/** A task's id, as the API hands it out and the queue carries it (its own module: a task read needs no operation's schemas). */
export const taskIdSchema = z.string().uuid();
