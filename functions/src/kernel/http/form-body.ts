import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { UploadedPart } from '../contracts/uploaded-part';
import { ValidationError } from '../domain/errors';
import { fieldName, setField, type BodyValues, type FormLimits } from './form-fields';
import { assertJsonCharset } from './json-content-type';
import { header, rawBody } from './request';

export type FormFile = UploadedPart;
export type { BodyValues, FormLimits } from './form-fields';

/**
 * Reads a multipart, urlencoded or JSON body into one object for the
 * endpoint's schema. `name[]` and `name` are the same field; a field that is
 * not a list field must come once (which one would count is a guess we do
 * not make). Every failure is a typed error that names the field at fault.
 * The form parser (busboy) is loaded by the first form a function receives:
 * a JSON request, as the SDK sends, never reads or compiles it at a cold start.
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
    return (await import('./form-multipart')).parseMultipart(contentType, body, limits);
  }
  if (body.length === 0 && !contentType) return {};
  throw new ValidationError('Send the request as multipart/form-data, application/x-www-form-urlencoded or JSON.', {
    param: 'Content-Type',
    hint: 'With curl: -F file=@input.mp4 -F start=0 -F duration=5',
  });
}

/** The charsets the form parser decodes; any other would reach it as an error of its own. */
const SUPPORTED_CHARSETS = ['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1'];

function assertSupportedCharset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && !SUPPORTED_CHARSETS.includes(charset)) {
    throw new ValidationError(`The charset "${charset.slice(0, 40)}" is not supported; send the form as UTF-8.`, { param: 'Content-Type' });
  }
}

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
