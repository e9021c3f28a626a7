import * as z from 'zod';
import { dryRunField } from '../dry-run';
import { flag, type InputRole } from '../media-jobs';
import { metadataSchema } from '../../../../kernel/contracts/metadata';
import { isUploadedPart, type UploadedPart } from '../../../../kernel/contracts/uploaded-part';

/**
 * Building blocks of the product API's request schemas. A request body
 * (multipart, urlencoded or JSON) is first normalised into one plain object
 * (text fields, arrays for the list fields, uploaded parts), then parsed by
 * its endpoint's schema into the job contract.
 */

export const uploadSchema = z
  .custom<UploadedPart>(isUploadedPart, { message: 'must be a file part of a multipart/form-data body' })
  .meta({ type: 'string', format: 'binary', description: 'The file itself, as a multipart part.' });

/** The safety check of a URL's target (public addresses only) runs in the handler; this is its shape. */
export const urlFieldSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .regex(/^https?:\/\/[^\s]+$/i, 'must be an http or https URL')
  .meta({ format: 'uri', description: 'A public http(s) URL that answers with the file.' });

/**
 * The id `POST /uploads` answered, or the `output.file_id` of one of the
 * caller's completed tasks; usable by its owner until it expires.
 */
export const fileIdSchema = z
  .string()
  .trim()
  .regex(/^(?:upl_[A-Za-z0-9]{24}|out_[0-9a-f]{32}(?:_[1-9])?)$/, 'must be a file_id from POST /uploads or the output.file_id of one of your tasks')
  .meta({ description: 'A file_id from POST /uploads, or the output.file_id of one of your completed tasks.' });

/** Where one input of a request comes from. */
export type InputSource =
  | { role: InputRole; field: string; kind: 'upload'; file: UploadedPart }
  | { role: InputRole; field: string; kind: 'url'; url: string }
  | { role: InputRole; field: string; kind: 'file_id'; fileId: string };

/** The three field names of one input: an upload, a URL, or a file_id. */
export interface InputFields {
  file: string;
  url: string;
  fileId: string;
}

type Values = Record<string, unknown>;

/**
 * One input given in exactly one of three ways. `required` inputs name
 * their upload field when missing, as the docs do.
 */
/** `a`, `a or b`, `a, b or c`: how a message offers a choice. */
export const orList = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

export function singleInput(role: InputRole, fields: InputFields, required: boolean) {
  const names = [fields.file, fields.url, fields.fileId];
  return {
    shape: {
      [fields.file]: uploadSchema.optional(),
      [fields.url]: urlFieldSchema.optional(),
      [fields.fileId]: fileIdSchema.optional(),
    },
    check(value: Values, ctx: z.RefinementCtx, isRequired = required): void {
      const given = names.filter((name) => value[name] !== undefined);
      if (given.length > 1) {
        ctx.addIssue({ code: 'custom', path: [given[1] ?? fields.url], message: `cannot be sent with ${given[0] ?? fields.file}: send only one of ${orList(names)}` });
      } else if (given.length === 0 && isRequired) {
        ctx.addIssue({ code: 'custom', path: [fields.file], message: `is required: send ${fields.file} (an upload), ${fields.url} or ${fields.fileId}` });
      }
    },
    source(value: Values): InputSource | undefined {
      const file = value[fields.file];
      if (isUploadedPart(file)) return { role, field: fields.file, kind: 'upload', file };
      const url = value[fields.url];
      if (typeof url === 'string') return { role, field: fields.url, kind: 'url', url };
      const fileId = value[fields.fileId];
      if (typeof fileId === 'string') return { role, field: fields.fileId, kind: 'file_id', fileId };
      return undefined;
    },
  };
}

/** Two or more inputs, all given the same way (their order is the order they are joined in). */
export function listInput(role: InputRole, fields: { files?: string; urls?: string; fileIds: string }, atLeast: number) {
  const names = [fields.files, fields.urls, fields.fileIds].filter((n): n is string => n !== undefined);
  const [first = fields.fileIds] = names;
  return {
    shape: {
      ...(fields.files ? { [fields.files]: z.array(uploadSchema).max(20, 'at most 20 files').optional() } : {}),
      ...(fields.urls ? { [fields.urls]: z.array(urlFieldSchema).max(20, 'at most 20 URLs').optional() } : {}),
      [fields.fileIds]: z.array(fileIdSchema).max(20, 'at most 20 file ids').optional(),
    },
    check(value: Values, ctx: z.RefinementCtx): void {
      const given = names.filter((name) => Array.isArray(value[name]) && (value[name] as unknown[]).length > 0);
      if (given.length > 1) {
        ctx.addIssue({ code: 'custom', path: [given[1] ?? first], message: `cannot be sent with ${given[0] ?? first}: send the inputs one way only, as ${orList(names)}` });
        return;
      }
      const field = given[0] ?? first;
      const count = Array.isArray(value[field]) ? (value[field] as unknown[]).length : 0;
      if (count < atLeast) ctx.addIssue({ code: 'custom', path: [field], message: `needs at least ${atLeast} items; got ${count}` });
    },
    sources(value: Values): InputSource[] {
      if (fields.files && Array.isArray(value[fields.files])) {
        return (value[fields.files] as UploadedPart[]).map((file) => ({ role, field: fields.files ?? '', kind: 'upload' as const, file }));
      }
      if (fields.urls && Array.isArray(value[fields.urls])) {
        return (value[fields.urls] as string[]).map((url) => ({ role, field: fields.urls ?? '', kind: 'url' as const, url }));
      }
      return ((value[fields.fileIds] as string[] | undefined) ?? []).map((fileId) => ({ role, field: fields.fileIds, kind: 'file_id' as const, fileId }));
    },
  };
}

/** Fields every job endpoint takes besides its own. */
export const commonJobFields = (downloadDefault: boolean) => ({
  download: flag(downloadDefault).meta({
    description: `1 waits for the result (up to about 25 s) and redirects to it; 0 answers 202 with the task at once. Default ${downloadDefault ? 1 : 0}.`,
  }),
  callback_url: urlFieldSchema.optional().meta({ description: 'Receives a signed task.completed, task.failed or task.canceled event when the task ends.' }),
  metadata: metadataSchema.optional(),
  ...dryRunField,
});

/** The parameters of a job contract, picked out of a parsed request by the contract's own keys. */
export function pickParams<S extends z.ZodObject>(schema: S, value: Values): z.output<S> {
  return Object.fromEntries(Object.keys(schema.shape).filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as z.output<S>;
}
