/**
 * Query strings and bodies as the API reads them: a `metadata` object as
 * `metadata[key]=value`, arrays as repeated fields, and a body that holds a
 * Blob sent as multipart (JSON otherwise, which keeps numbers and booleans).
 */

type Flat = [name: string, value: string | Blob][];

function flatten(name: string, value: unknown, into: Flat): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) into.push([name, value]);
  else if (Array.isArray(value)) for (const item of value) flatten(name, item, into);
  else if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) flatten(`${name}[${key}]`, inner, into);
  else into.push([name, String(value)]);
}

export function queryString(params: Record<string, unknown>): string {
  const flat: Flat = [];
  for (const [name, value] of Object.entries(params)) flatten(name, value, flat);
  const search = new URLSearchParams();
  for (const [name, value] of flat) if (typeof value === 'string') search.append(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function holdsBlob(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(holdsBlob);
  return false;
}

/** The request body and its Content-Type (none for FormData: fetch writes the boundary). */
export function encodeBody(fields: Record<string, unknown>): { body: string | FormData; contentType: string | null } {
  if (!Object.values(fields).some(holdsBlob)) return { body: JSON.stringify(fields), contentType: 'application/json' };
  const form = new FormData();
  const flat: Flat = [];
  for (const [name, value] of Object.entries(fields)) flatten(name, value, flat);
  for (const [name, value] of flat) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : name);
  }
  return { body: form, contentType: null };
}
