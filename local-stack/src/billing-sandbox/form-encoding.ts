import { parse } from 'qs';
import { invalidParam, missingParam, StripeApiError } from './errors';

/** A parsed request: Stripe's bracket notation (`a[b][0][c]=v`) turned into nested objects and arrays. */
export type Params = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseForm(text: string): Params {
  // Stripe's indices can exceed qs's default array limit of 20; deeper nesting than 8 is never used.
  return parse(text, { depth: 8, arrayLimit: 100, parameterLimit: 2000 }) as Params;
}

/** Sandbox controls accept JSON as well as forms; the Stripe API itself only forms. */
export function parseBody(contentType: string | undefined, raw: string): Params {
  if (raw.trim() === '') return {};
  if ((contentType ?? '').includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid JSON body.');
    }
    if (!isRecord(parsed)) throw new StripeApiError(400, 'invalid_request_error', 'The JSON body must be an object.');
    return parsed;
  }
  return parseForm(raw);
}

/** Typed access to parameters, naming each one in errors the way Stripe does (`line_items[0][price]`). */
export class ParamReader {
  constructor(
    private readonly params: Params,
    private readonly path = '',
  ) {}

  private name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string.`, 'parameter_invalid_string');
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw invalidParam(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
    return Number(value);
  }

  object(key: string): ParamReader | undefined {
    const value = this.params[key];
    if (value === undefined || value === '') return undefined;
    if (!isRecord(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash.`, 'parameter_invalid_object');
    return new ParamReader(value, this.name(key));
  }

  /** An array parameter; qs yields an array for small indices and an object for sparse ones. */
  list(key: string): ParamReader[] {
    const value = this.params[key];
    if (value === undefined || value === '') return [];
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : isRecord(value) ? Object.entries(value) : null;
    if (!entries) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array.`, 'parameter_invalid_array');
    return entries.map(([index, item]) => {
      if (!isRecord(item)) throw invalidParam(`${this.name(key)}[${index}]`, `Invalid object: ${this.name(key)}[${index}] must be a hash.`);
      return new ParamReader(item, `${this.name(key)}[${index}]`);
    });
  }

  /** `expand[0]=a&expand[1]=b`, `expand[]=a`, or a single `expand=a`. */
  strings(key: string): string[] {
    const value = this.params[key];
    if (value === undefined || value === '') return [];
    const values = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
    return values.map((v, i) => {
      if (typeof v !== 'string') throw invalidParam(`${this.name(key)}[${i}]`, `Invalid string: ${this.name(key)}[${i}] must be a string.`);
      return v;
    });
  }

  /**
   * Stripe's metadata update: a key set to '' is removed, `metadata=''` removes all,
   * other keys are merged into the current set.
   */
  metadata(key: string, current: Record<string, string> = {}): Record<string, string> {
    const value = this.params[key];
    if (value === undefined) return { ...current };
    if (value === '') return {};
    if (!isRecord(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash.`, 'parameter_invalid_object');
    const merged = { ...current };
    for (const [name, entry] of Object.entries(value)) {
      const param = `${this.name(key)}[${name}]`;
      if (typeof entry !== 'string' && typeof entry !== 'number') throw invalidParam(param, `Invalid string: ${param} must be a string.`);
      if (name.length > 40) throw invalidParam(param, 'Metadata keys can have up to 40 characters.');
      const text = String(entry);
      if (text.length > 500) throw invalidParam(param, 'Metadata values can have up to 500 characters.');
      if (text === '') delete merged[name];
      else merged[name] = text;
    }
    if (Object.keys(merged).length > 50) throw invalidParam(this.name(key), 'Metadata can have up to 50 keys.');
    return merged;
  }
}
