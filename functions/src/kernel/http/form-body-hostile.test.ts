import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationError } from '../domain/errors';
import { parseFormBody } from './form-body';

/** Field names and parts a hostile client sends, each found by the hostile suite (test/hostile). */

const event = (contentType: string, body: string | Buffer): APIGatewayProxyEvent =>
  ({ headers: { 'Content-Type': contentType }, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }) as unknown as APIGatewayProxyEvent;
const part = (name: string, value: string, fileName?: string) =>
  `--b0und\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n${value}\r\n`;
const multipart = (...parts: string[]) => event('multipart/form-data; boundary=b0und', `${parts.join('')}--b0und--\r\n`);
const limits = { maxFileBytes: 1024 };

async function failure(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('parseFormBody and hostile field names', () => {
  it.each([
    ['JSON', () => event('application/json', '{"__proto__":{"file_id":"upl_x"},"constructor":1}')],
    ['urlencoded', () => event('application/x-www-form-urlencoded', '__proto__=a&constructor=b')],
    ['multipart', () => multipart(part('__proto__', 'a'), part('constructor', 'b'))],
  ])('keeps __proto__ and constructor as fields of their own in %s, so the schema refuses them', async (_, request) => {
    const values = await parseFormBody(request(), limits);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values)).toEqual(['__proto__', 'constructor']);
    // Nothing is inherited through a swapped prototype.
    expect((values as { file_id?: unknown }).file_id).toBeUndefined();
  });

  it('reads a field named like an Object method once, not as sent twice', async () => {
    await expect(parseFormBody(multipart(part('constructor', 'a'), part('toString', 'b')), limits)).resolves.toEqual(
      JSON.parse('{"constructor":"a","toString":"b"}'),
    );
  });

  it('refuses a file part where the request takes no files as a 400 naming the field, not as too large', async () => {
    const error = await failure(parseFormBody(multipart(part('file_name', 'abc', 'x.bin')), { maxFileBytes: 0 }));
    expect(error).toMatchObject({ param: 'file_name', message: 'file_name must be text: this request takes no file uploads.' });
  });

  it('never repeats a field name that carries markup or direction characters', async () => {
    const name = '<img src=x>\u202E';
    const error = await failure(parseFormBody(multipart(part(name, 'a'), part(name, 'b')), limits));
    expect(error.param).toBe(name);
    expect(error.message).toBe('a field with an unexpected name is sent more than once; send it once.');
  });

  it('reads part names and file names in UTF-8, as browsers send them', async () => {
    const values = await parseFormBody(multipart(part('título', 'a'), part('file', 'abc', 'vidéo 🎬.mp4')), limits);
    expect(values['título']).toBe('a');
    expect((values.file as { fileName: string }).fileName).toBe('vidéo 🎬.mp4');
  });

  it.each(['utf-16', 'iso-8859-1', 'x-unknown'])('refuses a JSON body declared in %s, naming Content-Type', async (charset) => {
    const error = await failure(parseFormBody(event(`application/json; charset=${charset}`, '{}'), limits));
    expect(error).toMatchObject({ param: 'Content-Type', message: `The charset "${charset}" is not supported; send JSON as UTF-8.` });
  });

  it('does not take a lookalike of the JSON type for JSON', async () => {
    expect((await failure(parseFormBody(event('application/jsonx', '{}'), limits))).param).toBe('Content-Type');
  });
});
