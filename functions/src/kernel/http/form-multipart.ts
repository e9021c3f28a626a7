import busboy from 'busboy';
import { metadataFieldKey } from '../contracts/metadata';
import { isUploadedPart, type UploadedPart } from '../contracts/uploaded-part';
import { PayloadTooLargeError, ValidationError } from '../domain/errors';
import { fieldName, ownField, setField, type BodyValues, type FormLimits } from './form-fields';
import { fieldLabel } from './issue-wording';

/** A part without a name (no `name=` in its Content-Disposition) cannot be matched to any field. */
const UNNAMED_PART = () =>
  new ValidationError('A multipart part has no name: every part needs Content-Disposition: form-data; name="…".', {
    param: 'body',
    hint: 'With curl: -F file=@input.mp4 -F start=0',
  });

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

/** A multipart or urlencoded body, read with busboy; loaded on use by parseFormBody. */
export function parseMultipart(contentType: string, body: Buffer, limits: FormLimits): Promise<BodyValues> {
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
