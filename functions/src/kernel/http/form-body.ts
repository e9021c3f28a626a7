import busboy from 'busboy';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { metadataFieldKey } from '../contracts/metadata';
import { isUploadedPart, type UploadedPart } from '../contracts/uploaded-part';
import { PayloadTooLargeError, ValidationError } from '../domain/errors';
import { fieldLabel } from './issue-wording';
import { assertJsonCharset } from './json-content-type';
import { header, rawBody } from './request';

export type FormFile = UploadedPart;

/** A request body as one plain object: text fields, uploaded parts, and lists for the list fields. */
export type BodyValues = Record<string, unknown>;

export interface FormLimits {
  maxFileBytes: number;
  /** Fields that may repeat (`files`, `files[]`…): they always come out as lists. */
  listFields?: readonly string[];
  maxFields?: number;
}

/**
 * Reads a multipart, urlencoded or JSON body into one object for the
 * endpoint's schema. `name[]` and `name` are the same field; a field that is
 * not a list field must come once (which one would count is a guess we do
 * not make). Every failure is a typed error that names the field at fault.
 */
export async function parseFormBody(event: APIGatewayProxyEvent, limits: FormLimits): Promise<BodyValues> {
  const contentType = header(event, 'content-type') ?? '';
  const body = rawBody(event);
  if (/^application\/json\s*(;|$)/i.test(contentType)) {
    assertJsonCharset(contentType);
    return parseJson(body, limits.listFields ?? []);
  }
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    assertSupportedCharset(contentType);
    return parseMultipart(contentType, body, limits);
  }
  if (body.length === 0 && !contentType) return {};
  throw new ValidationError('Send the request as multipart/form-data, application/x-www-form-urlencoded or JSON.', {
    param: 'Content-Type',
    hint: 'With curl: -F file=@input.mp4 -F start=0 -F duration=5',
  });
}

const fieldName = (name: string) => name.replace(/\[\]$/, '');

/**
 * Always an own field, whatever its name: `__proto__` assigned plainly would
 * swap the object's prototype (and smuggle inherited fields past the schema),
 * and `constructor` would read as already sent.
 */
function setField(values: BodyValues, name: string, value: unknown): void {
  Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
}
const ownField = (values: BodyValues, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : undefined);

/** The charsets the form parser decodes; any other would reach it as an error of its own. */
const SUPPORTED_CHARSETS = ['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1'];

function assertSupportedCharset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && !SUPPORTED_CHARSETS.includes(charset)) {
    throw new ValidationError(`The charset "${charset.slice(0, 40)}" is not supported; send the form as UTF-8.`, { param: 'Content-Type' });
  }
}

/** A part without a name (no `name=` in its Content-Disposition) cannot be matched to any field. */
const UNNAMED_PART = () =>
  new ValidationError('A multipart part has no name: every part needs Content-Disposition: form-data; name="…".', {
    param: 'body',
    hint: 'With curl: -F file=@input.mp4 -F start=0',
  });

function parseJson(body: Buffer, listFields: readonly string[]): BodyValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    throw new ValidationError('The JSON body is malformed.', { param: 'body' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('The JSON body must be an object.', { param: 'body' });
  }
  const values: BodyValues = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    const name = fieldName(key);
    setField(values, name, listFields.includes(name) && !Array.isArray(value) ? [value] : value);
  }
  return values;
}

/**
 * `metadata[key]=value` of a form, gathered into the one `metadata` object a
 * JSON body sends, for the request's schema to check (limits and all).
 */
function addMetadataPair(values: BodyValues, key: string, value: unknown): ValidationError | undefined {
  const metadata = ownField(values, 'metadata');
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata) || isUploadedPart(metadata))) {
    return new ValidationError('Send metadata one way: metadata[key]=value fields, not also a metadata field.', { param: 'metadata' });
  }
  const pairs = (metadata as BodyValues | undefined) ?? {};
  if (Object.hasOwn(pairs, key)) return new ValidationError(`${fieldLabel(`metadata[${key}]`)} is sent more than once; send it once.`, { param: `metadata[${key}]` });
  setField(pairs, key, value);
  setField(values, 'metadata', pairs);
  return undefined;
}

function parseMultipart(contentType: string, body: Buffer, limits: FormLimits): Promise<BodyValues> {
  const listFields = limits.listFields ?? [];
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers and curl write part names and file names in UTF-8; busboy would read them as latin-1.
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxFileBytes, fields: limits.maxFields ?? 100, fieldSize: 1024 * 1024 },
      });
    } catch {
      reject(new ValidationError('The multipart body has no valid boundary.', { param: 'Content-Type' }));
      return;
    }
    const values: BodyValues = {};
    let current = 'body';
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const add = (raw: string, value: string | UploadedPart) => {
      const name = fieldName(raw);
      const pair = metadataFieldKey(raw);
      if (pair !== undefined) {
        const problem = addMetadataPair(values, pair, value);
        if (problem) fail(problem);
      } else if (listFields.includes(name)) {
        const list = (ownField(values, name) as unknown[] | undefined) ?? [];
        list.push(value);
        setField(values, name, list);
      } else if (Object.hasOwn(values, name)) {
        fail(new ValidationError(`${fieldLabel(name)} is sent more than once; send it once.`, { param: name }));
      } else {
        setField(values, name, value);
      }
    };
    parser.on('field', (name: string | undefined, value) => {
      if (!name) return fail(UNNAMED_PART());
      current = fieldName(name);
      add(name, value);
    });
    parser.on('file', (name: string | undefined, stream, info) => {
      if (!name) {
        stream.resume();
        return fail(UNNAMED_PART());
      }
      current = fieldName(name);
      if (limits.maxFileBytes === 0) {
        stream.resume();
        return fail(new ValidationError(`${fieldLabel(current)} must be text: this request takes no file uploads.`, { param: current }));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A truncated part errors on the file stream itself, not only on the parser.
      // The parser's own wording stays out of the answer (and so out of the request log): ours says what to fix.
      stream.on('error', () => fail(new ValidationError(`The multipart body is malformed or cut short in field "${fieldLabel(fieldName(name))}".`, { param: fieldName(name) })));
      stream.on('limit', () =>
        fail(
          new PayloadTooLargeError(`The file is larger than ${(limits.maxFileBytes / 1048576).toFixed(1)} MB, the most a request body can carry.`, {
            param: fieldName(name),
            hint: 'Send large files by URL, or upload them first with POST /uploads and pass the file_id.',
          }),
        ),
      );
      stream.on('close', () => add(name, { fileName: info.filename, contentType: info.mimeType || 'application/octet-stream', body: Buffer.concat(chunks) }));
    });
    parser.on('error', () => fail(new ValidationError(`The multipart body is malformed or cut short near field "${fieldLabel(current)}".`, { param: current })));
    parser.on('close', () => {
      if (!failed) resolve(values);
    });
    parser.end(body);
  });
}
