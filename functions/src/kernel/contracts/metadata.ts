import * as z from 'zod';

/**
 * A caller's own key-value pairs on a task (`metadata`), with Stripe's
 * limits: an order or user id carried from the request to the task, its
 * list, every callback and the request log. Stored and echoed, never read
 * for anything else.
 */

export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

export type Metadata = Record<string, string>;

/** Why a key cannot be one, or undefined when it can. Brackets would not survive form encoding (`metadata[key]`). */
export function metadataKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'keys must not be empty';
  if (key.length > METADATA_MAX_KEY_LENGTH) return `keys must be at most ${METADATA_MAX_KEY_LENGTH} characters`;
  if (/[[\]]/.test(key)) return 'keys must not contain [ or ]';
  // A key of this name would be an object's prototype rather than a field of it on many clients.
  if (key === '__proto__') return 'keys must not be __proto__';
  return undefined;
}

/** Why a value cannot be one, or undefined when it can. */
export function metadataValueProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > METADATA_MAX_VALUE_LENGTH) return `must be at most ${METADATA_MAX_VALUE_LENGTH} characters`;
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `metadata` of a processing request: a JSON object, or `metadata[key]=value`
 * fields of a form (gathered into one object before this runs). A problem
 * with one pair is reported on `metadata[key]`, with the whole on `metadata`.
 */
export const metadataSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!isPlainObject(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be an object of string values, such as {"order_id": "A1"}' });
      return;
    }
    const keys = Object.keys(value);
    if (keys.length > METADATA_MAX_KEYS) {
      ctx.addIssue({ code: 'custom', message: `takes at most ${METADATA_MAX_KEYS} keys; got ${keys.length}` });
      return;
    }
    for (const key of keys) {
      const problem = metadataKeyProblem(key);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `has an invalid key: ${problem}` });
        return;
      }
      const valueProblem = metadataValueProblem(value[key]);
      if (valueProblem) {
        ctx.addIssue({ code: 'custom', path: [key], message: valueProblem });
        return;
      }
    }
  })
  // Object.fromEntries defines each key as an own field, whatever its name.
  .transform((value): Metadata => Object.fromEntries(Object.entries(value as Record<string, string>)))
  .meta({
    type: 'object',
    maxProperties: METADATA_MAX_KEYS,
    propertyNames: { minLength: 1, maxLength: METADATA_MAX_KEY_LENGTH, pattern: '^[^\\[\\]]+$' },
    additionalProperties: { type: 'string', maxLength: METADATA_MAX_VALUE_LENGTH },
    description: `Your own key-value pairs, echoed on the task, in lists, in callbacks and in the request log; used for nothing else. At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_MAX_KEY_LENGTH} characters, string values of up to ${METADATA_MAX_VALUE_LENGTH}. In a form: metadata[order_id]=A1.`,
    example: { order_id: 'A1' },
  });

/** `metadata[key]` as a form or query field name: the key, or undefined for any other name. */
export function metadataFieldKey(name: string): string | undefined {
  const match = /^metadata\[([^\]]*)\]$/.exec(name);
  return match ? match[1] : undefined;
}

/** A parameter name for an issue's path: `metadata[key]` for one pair, the field itself otherwise. */
export function paramOfPath(path: readonly PropertyKey[]): string {
  const [field, key] = path;
  if (field === undefined) return 'body';
  if (field === 'metadata' && key !== undefined) return `metadata[${String(key)}]`;
  return String(field);
}
