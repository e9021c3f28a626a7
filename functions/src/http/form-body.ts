import busboy from 'busboy';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PayloadTooLargeError, ValidationError } from '../domain/shared/errors';
import { header, rawBody } from './request';

export interface FormFile {
  fileName: string | undefined;
  contentType: string;
  body: Buffer;
}

export interface FormBody {
  fields: Record<string, string>;
  files: Record<string, FormFile>;
}

export interface FormLimits {
  maxFileBytes: number;
  maxFields?: number;
}

/**
 * Reads a multipart, urlencoded or JSON body into fields and files. Every
 * failure is a typed error that names the field at fault.
 */
export async function parseFormBody(event: APIGatewayProxyEvent, limits: FormLimits): Promise<FormBody> {
  const contentType = header(event, 'content-type') ?? '';
  const body = rawBody(event);
  if (/^application\/json/i.test(contentType)) return parseJson(body);
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    return parseMultipart(contentType, body, limits);
  }
  throw new ValidationError('Send the request as multipart/form-data (or JSON for URL inputs).', {
    param: 'Content-Type',
    hint: 'With curl: -F file=@input.mp4 -F start=0 -F duration=5',
  });
}

function parseJson(body: Buffer): FormBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    throw new ValidationError('The JSON body is malformed.', { param: 'body' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('The JSON body must be an object.', { param: 'body' });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return { fields, files: {} };
}

function parseMultipart(contentType: string, body: Buffer, limits: FormLimits): Promise<FormBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: limits.maxFileBytes, fields: limits.maxFields ?? 100, fieldSize: 1024 * 1024 },
      });
    } catch {
      reject(new ValidationError('The multipart body has no valid boundary.', { param: 'Content-Type' }));
      return;
    }
    const result: FormBody = { fields: {}, files: {} };
    let current = 'body';
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    // A repeated field is ambiguous (which one counts?), so it is refused rather than guessed.
    const seen = new Set<string>();
    const once = (name: string) => {
      if (seen.has(name)) {
        fail(new ValidationError(`${name} is sent more than once; send it once.`, { param: name }));
        return false;
      }
      seen.add(name);
      return true;
    };
    parser.on('field', (name, value) => {
      current = name;
      if (once(name)) result.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      current = name;
      if (!once(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A truncated part errors on the file stream itself, not only on the parser.
      stream.on('error', (error: Error) =>
        fail(new ValidationError(`The multipart body is malformed in field "${name}": ${error.message}.`, { param: name })),
      );
      stream.on('limit', () =>
        fail(
          new PayloadTooLargeError(`The file is larger than ${Math.floor(limits.maxFileBytes / 1048576)} MB.`, {
            param: name,
            hint: 'Send a smaller file.',
          }),
        ),
      );
      stream.on('close', () => {
        result.files[name] = {
          fileName: info.filename,
          contentType: info.mimeType || 'application/octet-stream',
          body: Buffer.concat(chunks),
        };
      });
    });
    parser.on('error', (error: Error) =>
      fail(new ValidationError(`The multipart body is malformed near field "${current}": ${error.message}.`, { param: current })),
    );
    parser.on('close', () => {
      if (!failed) resolve(result);
    });
    parser.end(body);
  });
}
