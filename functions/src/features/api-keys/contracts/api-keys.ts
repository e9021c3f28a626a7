import * as z from 'zod';
import { hasUnsafeCharacters, unsafeCharactersMessage } from '../../../kernel/contracts/display-text';
import { apiKeyModeSchema } from '../../../kernel/contracts/key-modes';

/** A key's name, when it is made and when it is renamed: trimmed, 1 to 100 characters, text only. */
const keyNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be text') })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters')
  .refine((text) => !hasUnsafeCharacters(text), unsafeCharactersMessage('name'));

/** When a key stops working: an instant with its offset (the domain checks it lies ahead). */
const expiresAtSchema = z.iso.datetime({ offset: true, error: 'expires_at must be a date and time such as 2026-12-31T23:59:00Z' });

/** Body of `POST /generate-api-key`. */
export const generateApiKeyRequestSchema = z.object(
  {
    name: keyNameSchema,
    /** `test` makes an `ff_test_…` key, which needs no subscription; live when absent. */
    mode: z.enum(apiKeyModeSchema.options, { error: 'mode must be live or test' }).optional(),
    /** The key stops working then; it never expires when absent. */
    expires_at: expiresAtSchema.optional(),
  },
  { error: 'The request body must be a JSON object with a name.' },
);

/** Body of `PATCH /api-keys/{id}`: a new name, a new expiry (`null` clears it), or both (one at least, which the domain checks). */
export const updateApiKeyRequestSchema = z.object(
  { name: keyNameSchema.optional(), expires_at: expiresAtSchema.nullable().optional() },
  { error: 'The request body must be a JSON object with a name or an expires_at.' },
);

/** The longest time a rolled key keeps working beside its successor: 7 days. */
export const MAX_ROLL_OVERLAP_SECONDS = 7 * 24 * 3600;

/** Body of `POST /api-keys/{id}/roll`: how long the old key keeps working beside the new one (0: it stops now). */
export const rollApiKeyRequestSchema = z.object(
  {
    overlap_seconds: z
      .number({ error: (issue) => (issue.input === undefined ? 'overlap_seconds is required' : 'overlap_seconds must be a number of seconds') })
      .int('overlap_seconds must be a whole number of seconds')
      .min(0, 'overlap_seconds must be 0 or more')
      .max(MAX_ROLL_OVERLAP_SECONDS, `overlap_seconds must be at most ${MAX_ROLL_OVERLAP_SECONDS} (7 days)`),
  },
  { error: 'The request body must be a JSON object with overlap_seconds.' },
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
  /** When the key stops working (a rolled key's end of overlap included); null: never. */
  expires_at: z.string().nullable(),
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

/** Answer of `PATCH /api-keys/{id}`: the key as it is now. */
export const updateApiKeyResponseSchema = z.object({ apiKey: apiKeyViewSchema });
export type UpdateApiKeyResponse = z.infer<typeof updateApiKeyResponseSchema>;

/** Answer of `POST /api-keys/{id}/roll`: the new key, its secret shown once, and the old one with its expiry. */
export const rollApiKeyResponseSchema = z.object({ key: z.string(), apiKey: apiKeyViewSchema, previous: apiKeyViewSchema });
export type RollApiKeyResponse = z.infer<typeof rollApiKeyResponseSchema>;
