import type * as z from 'zod';

/**
 * Parses the process's variables by a schema, failing fast and naming every
 * one missing or invalid. Once per process, at load: zod's compiled parser
 * of an object (code generated, then compiled by V8) pays back over many
 * parses, never over one, so this parse does without it.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(env, { jitless: true });
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}
