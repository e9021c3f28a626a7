import * as z from 'zod';
import { hasUnsafeCharacters } from '@frameforge/functions/kernel/contracts/display-text';

/** What is wrong with a key name, if anything: the server's own rule (`POST /generate-api-key`), checked before sending. */
export const KEY_NAME_PROBLEMS = ['required', 'unsafe'] as const;
export type KeyNameProblem = (typeof KEY_NAME_PROBLEMS)[number];

/**
 * The key name rule: non-empty after trimming, and text only (no controls, direction overrides or markup).
 * It checks the trimmed name but leaves the name as typed: the server trims it itself.
 */
export const keyNameSchema = z
  .string()
  .refine((name) => name.trim().length > 0, 'required')
  .refine((name) => !hasUnsafeCharacters(name.trim()), 'unsafe');

/** The create-key form; the field keeps the input's name. */
export const createKeyFormSchema = z.object({ 'key-name': keyNameSchema });
export type CreateKeyFormValues = z.infer<typeof createKeyFormSchema>;

const isKeyNameProblem = (message: unknown): message is KeyNameProblem => (KEY_NAME_PROBLEMS as readonly unknown[]).includes(message);

export function keyNameProblem(name: string): KeyNameProblem | null {
  const result = keyNameSchema.safeParse(name);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return isKeyNameProblem(message) ? message : 'required';
}

export function isValidKeyName(name: string): boolean {
  return keyNameProblem(name) === null;
}
