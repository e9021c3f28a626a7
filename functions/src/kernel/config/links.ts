import * as z from 'zod';
import { parseConfig } from './parse-config';

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

export const loadLinkConfig = (env: NodeJS.ProcessEnv = process.env): LinkConfig => parseConfig(schema, env);
