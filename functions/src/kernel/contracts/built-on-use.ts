import * as z from 'zod';

/**
 * A schema built the first time something parses or unwraps it, then kept.
 * Building a zod schema is work at load: a job endpoint's bundle defined the
 * parameters and requests of every operation, about 600 schema objects, and
 * spent some 25 ms of its cold start building them, when a request uses one
 * operation's. `unwrap()` gives the built schema (its `shape`, `extend`).
 */
export function builtOnUse<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  let built: T | undefined;
  return z.lazy(() => (built ??= build()));
}
