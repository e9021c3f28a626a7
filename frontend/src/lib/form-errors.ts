/**
 * The first of a form's validation errors, in the order the page reports them. Schemas fail with text keys
 * (not sentences), so the page translates the message in the user's language at render time.
 */
export function firstErrorKey<K extends string>(errors: Record<string, { message?: unknown } | undefined>, order: readonly K[]): K | null {
  const messages = new Set(Object.values(errors).map((error) => error?.message));
  return order.find((key) => messages.has(key)) ?? null;
}
