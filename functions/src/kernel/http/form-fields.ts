/** A request body as one plain object: text fields, uploaded parts, and lists for the list fields. */
export type BodyValues = Record<string, unknown>;

export interface FormLimits {
  maxFileBytes: number;
  /** Fields that may repeat (`files`, `files[]`…): they always come out as lists. */
  listFields?: readonly string[];
  maxFields?: number;
}

/** `name[]` and `name` are the same field. */
export const fieldName = (name: string) => name.replace(/\[\]$/, '');

/**
 * Always an own field, whatever its name: `__proto__` assigned plainly would
 * swap the object's prototype (and smuggle inherited fields past the schema),
 * and `constructor` would read as already sent.
 */
export function setField(values: BodyValues, name: string, value: unknown): void {
  Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
}
export const ownField = (values: BodyValues, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : undefined);
