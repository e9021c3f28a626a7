import * as z from 'zod';
import { hasUnsafeCharacters, unsafeCharactersMessage } from './display-text';
import { apiKeyModeSchema } from './key-modes';

/** Body of `POST /generate-api-key`. */
export const generateApiKeyRequestSchema = z.object(
  {
    name: z
      .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be text') })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters')
      .refine((text) => !hasUnsafeCharacters(text), unsafeCharactersMessage('name')),
    /** `test` makes an `ff_test_…` key, which needs no subscription; live when absent. */
    mode: z.enum(apiKeyModeSchema.options, { error: 'mode must be live or test' }).optional(),
  },
  { error: 'The request body must be a JSON object with a name.' },
);

/** An API key as the portal sees it: never the secret itself, only its mask. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** First 8 characters, an ellipsis, the last 4. */
  masked_key: z.string(),
  is_active: z.boolean(),
  /** `test` for an `ff_test_…` key: watermarked, capped outputs, outside the plan. */
  mode: apiKeyModeSchema,
  created_at: z.string(),
  last_used: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** Answer of `POST /generate-api-key`: the full key, shown once, and the record. */
export const generateApiKeyResponseSchema = z.object({
  key: z.string(),
  apiKey: apiKeyViewSchema,
});
export type GenerateApiKeyResponse = z.infer<typeof generateApiKeyResponseSchema>;

/** Answer of `GET /api-keys`: active keys, newest first. */
export const listApiKeysResponseSchema = z.object({
  keys: z.array(apiKeyViewSchema),
  active_count: z.number().int().nonnegative(),
});
export type ListApiKeysResponse = z.infer<typeof listApiKeysResponseSchema>;

/** Portal API error body, as the spec fixes it. */
export const portalErrorSchema = z.object({ error: z.string() });

/** Answer of `POST /api-keys/{id}/reveal`: the full key, opened for its owner only. */
export const revealApiKeyResponseSchema = z.object({ id: z.string(), key: z.string() });
export type RevealApiKeyResponse = z.infer<typeof revealApiKeyResponseSchema>;

/** Answer of `DELETE /api-keys/{id}`: the key is revoked (refused from now on) and leaves the list. */
export const revokeApiKeyResponseSchema = z.object({ id: z.string(), revoked: z.literal(true) });
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponseSchema>;
