import * as z from 'zod';
import { parseConfig } from '../../kernel/config/parse-config';
import { emailConfigSchema } from '../notifications/config';

/**
 * What the token trigger needs to tell an old address of a change: the
 * tables of the last seen addresses and of the preferences, the sender, the
 * portal's URL. Like every Cognito trigger it is not told its own pool (the
 * pool refers to it), so it does not load the full handler configuration.
 */
const schema = z.object({
  ...emailConfigSchema.shape,
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_USAGE_COUNTERS: z.string().min(1),
  TABLE_USER_PROFILES: z.string().min(1),
  PORTAL_URL: z.string().url(),
});

export type TriggerConfig = z.infer<typeof schema>;

export const loadTriggerConfig = (env: NodeJS.ProcessEnv = process.env): TriggerConfig => parseConfig(schema, env);
