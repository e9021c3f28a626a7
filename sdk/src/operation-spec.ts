/** A JSON Schema, as the OpenAPI document writes it: plain JSON. */
export type JsonSchema = { readonly [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One operation of the API, as the generated table describes it. */
export interface OperationSpec {
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  /** Whether it takes the X-API-Key header. */
  readonly keyed: boolean;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly headerParams: readonly string[];
  /** form: JSON, urlencoded or multipart (files go as multipart); json: JSON only; none: no body. */
  readonly body: 'form' | 'json' | 'none';
  /** Every input of the operation (path, query and body) as one object schema. */
  readonly input: JsonSchema;
}
