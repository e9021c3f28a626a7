import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Credentials } from './authenticate';
import { checkKey, objectFields } from './object-fields';
import { checkPostForm } from './post-policy';
import { allowBody } from './request-body';
import { S3Error, errors } from './s3-error';
import { sendEmpty, sendXml, type BucketRequest } from './s3-request';
import { xmlDocument } from './xml';

interface SavedFile {
  size: number;
  md5: Buffer;
  /** The file outgrew `max`: the rest was read and dropped, nothing kept. */
  over: boolean;
}

/** Streams the file part to disk; past `max` it stops writing but still reads to the end, so the answer reaches the browser. */
async function saveFile(stream: Readable, path: string, max: number): Promise<SavedFile> {
  const out = createWriteStream(path);
  const md5 = createHash('md5');
  let size = 0;
  let over = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (over || size > max) {
        over = true;
        continue;
      }
      md5.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    throw error;
  } finally {
    if (over) await rm(path, { force: true });
  }
  return { size, md5: md5.digest(), over };
}

interface Form {
  fields: Map<string, string>;
  filename: string;
  saved: SavedFile | undefined;
  /** The form was refused (signature, policy) when its file began; the file was read and dropped. */
  refusal: unknown;
  sizeRange: { min: number; max: number } | undefined;
}

/** Reads the form: fields up to the file (S3 ignores any after it), checked against the policy before the file is kept. */
function readForm(request: BucketRequest, credentials: Credentials, now: Date, temp: string): Promise<Form> {
  return new Promise((resolve, reject) => {
    const form: Form = { fields: new Map(), filename: '', saved: undefined, refusal: undefined, sizeRange: undefined };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.req.headers, limits: { fieldSize: 1024 * 1024, fields: 1000 } });
    } catch {
      reject(new S3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      return;
    }
    let file: Promise<void> | undefined;
    parser.on('field', (name, value) => {
      if (!file) form.fields.set(name.toLowerCase(), value);
    });
    parser.on('file', (name, stream, info) => {
      if (file || name.toLowerCase() !== 'file') return void stream.resume();
      form.filename = info.filename ?? '';
      try {
        form.sizeRange = checkPostForm(form.fields, request.bucket, credentials, now);
      } catch (error) {
        form.refusal = error;
        file = Promise.resolve();
        return void stream.resume();
      }
      const max = Math.min(form.sizeRange?.max ?? Infinity, request.limits.putBytes);
      file = saveFile(stream, temp, max).then((saved) => void (form.saved = saved));
      file.catch(() => undefined);
    });
    parser.on('error', () => reject(new S3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')));
    parser.on('close', () => {
      (file ?? Promise.resolve()).then(() => resolve(form), reject);
    });
    request.req.pipe(parser);
    allowBody(request);
  });
}

/** S3 ignores a redirect it cannot read and answers with the status instead. */
function redirectUrl(value: string | undefined): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/** PostObject: a browser's presigned POST form, checked against its policy as S3 does. */
export async function postObject(request: BucketRequest, credentials: Credentials, now: Date): Promise<void> {
  const { res, store, limits, bucket } = request;
  store.bucket(bucket);
  const temp = store.tempPath();
  const form = await readForm(request, credentials, now, temp).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
  if (form.refusal) throw form.refusal;
  const saved = form.saved;
  if (!saved) throw errors.invalidArgument('POST requires exactly one file upload per request.');
  const max = Math.min(form.sizeRange?.max ?? Infinity, limits.putBytes);
  if (saved.over) throw errors.tooLarge(saved.size, max);
  const key = (form.fields.get('key') ?? '').replaceAll('${filename}', form.filename);
  let meta;
  try {
    if (form.sizeRange && saved.size < form.sizeRange.min) {
      throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: String(saved.size), MinSizeAllowed: String(form.sizeRange.min) });
    }
    if (!key) throw errors.invalidArgument("Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.");
    checkKey(key, limits);
    const fields = objectFields(Object.fromEntries(form.fields), limits);
    meta = await store.commit(bucket, key, temp, { ...fields, size: saved.size, etag: `"${saved.md5.toString('hex')}"` });
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const location = `http://${request.req.headers.host ?? '127.0.0.1'}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const headers = { ETag: meta.etag, Location: location };
  const redirect = redirectUrl(form.fields.get('success_action_redirect') ?? form.fields.get('redirect'));
  if (redirect) {
    const target = redirect;
    target.searchParams.set('bucket', bucket);
    target.searchParams.set('key', key);
    target.searchParams.set('etag', meta.etag);
    return sendEmpty(res, 303, { ...headers, Location: target.toString() });
  }
  const status = form.fields.get('success_action_status');
  if (status === '201') return sendXml(res, 201, xmlDocument('PostResponse', { Location: location, Bucket: bucket, Key: key, ETag: meta.etag }), headers);
  sendEmpty(res, status === '200' ? 200 : 204, headers);
}
