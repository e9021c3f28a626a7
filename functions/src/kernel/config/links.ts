import * as z from 'zod';

/**
 * What the Cognito triggers need: only the public URLs their e-mails link
 * to. A trigger cannot be told its own pool (the pool refers to it), so it
 * does not load the full handler configuration.
 */
const schema = z.object({
  PORTAL_URL: z.string().url(),
  PORTAL_API_URL: z.string().url(),
});

export type LinkConfig = z.infer<typeof schema>;

export function loadLinkConfig(env: NodeJS.ProcessEnv = process.env): LinkConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return parsed.data;
}
