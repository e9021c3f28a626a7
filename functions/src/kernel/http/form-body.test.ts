import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PayloadTooLargeError, ValidationError } from '../domain/errors';
import { parseFormBody, type FormFile } from './form-body';

function event(contentType: string, body: Buffer): APIGatewayProxyEvent {
  return {
    headers: { 'Content-Type': contentType },
    body: body.toString('base64'),
    isBase64Encoded: true,
  } as unknown as APIGatewayProxyEvent;
}

function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[], boundary = 'b0und'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.fileName ? 'Content-Type: video/mp4\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const limits = { maxFileBytes: 1024 };

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('parseFormBody', () => {
  it('reads fields and files of a multipart body', async () => {
    const body = multipart([
      { name: 'start', value: '1.5' },
      { name: 'file', value: Buffer.from([1, 2, 3]), fileName: 'clip.mp4' },
    ]);
    const form = await parseFormBody(event('multipart/form-data; boundary=b0und', body), limits);
    expect(form.start).toBe('1.5');
    const file = form.file as FormFile;
    expect(file.fileName).toBe('clip.mp4');
    expect([...file.body]).toEqual([1, 2, 3]);
  });

  it('refuses a truncated file part naming the field', async () => {
    const body = Buffer.from('--b0und\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc');
    const error = await failure(parseFormBody(event('multipart/form-data; boundary=b0und', body), limits));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).param).toBe('file');
  });

  it('refuses a multipart type without a boundary', async () => {
    const error = await failure(parseFormBody(event('multipart/form-data', Buffer.from('x')), limits));
    expect((error as ValidationError).param).toBe('Content-Type');
  });

  it('refuses a field or file sent twice, naming it, instead of guessing which counts', async () => {
    for (const parts of [
      [
        { name: 'start', value: '1' },
        { name: 'start', value: '2' },
      ],
      [
        { name: 'file', value: Buffer.from([1]), fileName: 'a.mp4' },
        { name: 'file', value: Buffer.from([2]), fileName: 'b.mp4' },
      ],
      [
        { name: 'file', value: 'text' },
        { name: 'file', value: Buffer.from([2]), fileName: 'b.mp4' },
      ],
    ]) {
      const error = await failure(parseFormBody(event('multipart/form-data; boundary=b0und', multipart(parts)), limits));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).param).toBe(parts[0]?.name);
    }
  });

  it('refuses a file over the limit as too large, naming the field', async () => {
    const body = multipart([{ name: 'file', value: Buffer.alloc(2048), fileName: 'big.mp4' }]);
    const error = await failure(parseFormBody(event('multipart/form-data; boundary=b0und', body), limits));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as PayloadTooLargeError).param).toBe('file');
  });

  it('reads JSON bodies and refuses malformed JSON', async () => {
    const form = await parseFormBody(event('application/json', Buffer.from('{"start": 2, "url": "https://x"}')), limits);
    expect(form).toEqual({ start: 2, url: 'https://x' });
    const error = await failure(parseFormBody(event('application/json', Buffer.from('{nope')), limits));
    expect((error as ValidationError).param).toBe('body');
  });

  it('collects list fields, with or without [], and keeps their order', async () => {
    const body = multipart([
      { name: 'files[]', value: Buffer.from([1]), fileName: 'a.mp4' },
      { name: 'files', value: Buffer.from([2]), fileName: 'b.mp4' },
      { name: 'reencode', value: '1' },
    ]);
    const form = await parseFormBody(event('multipart/form-data; boundary=b0und', body), { ...limits, listFields: ['files'] });
    expect((form.files as FormFile[]).map((f) => f.fileName)).toEqual(['a.mp4', 'b.mp4']);
    const json = await parseFormBody(event('application/json', Buffer.from('{"urls[]": "https://a", "file_ids": ["upl_1"]}')), { ...limits, listFields: ['urls', 'file_ids'] });
    expect(json).toEqual({ urls: ['https://a'], file_ids: ['upl_1'] });
  });

  it('refuses other content types naming Content-Type', async () => {
    const error = await failure(parseFormBody(event('text/plain', Buffer.from('hi')), limits));
    expect((error as ValidationError).param).toBe('Content-Type');
  });

  describe('bodies no byte sequence may crash', () => {
    const runtimeText = /Cannot read|undefined|TypeError|Unexpected end of form|busboy/i;

    it.each([
      ['a field part without a name', 'Content-Disposition: form-data\r\n\r\nvalue'],
      ['a file part without a name', 'Content-Disposition: form-data; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\nabc'],
    ])('%s is a 400 naming what to fix', async (_case, part) => {
      const body = Buffer.from(`--b0und\r\n${part}\r\n--b0und--\r\n`);
      const error = await failure(parseFormBody(event('multipart/form-data; boundary=b0und', body), limits));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/has no name/);
      expect(error.message).not.toMatch(runtimeText);
    });

    it.each(['utf-16', 'x-unknown', 'utf-32be'])('an urlencoded body in charset %s is a 400 on Content-Type, in our words', async (charset) => {
      const error = await failure(parseFormBody(event(`application/x-www-form-urlencoded; charset=${charset}`, Buffer.from('start=1')), limits));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).param).toBe('Content-Type');
      expect(error.message).not.toMatch(runtimeText);
    });

    it('still reads a latin-1 urlencoded body', async () => {
      await expect(parseFormBody(event('application/x-www-form-urlencoded; charset=ISO-8859-1', Buffer.from('start=1')), limits)).resolves.toEqual({ start: '1' });
    });

    it('a truncated multipart body is a 400 without the parser\'s own wording', async () => {
      const body = Buffer.from('--b0und\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc');
      const error = await failure(parseFormBody(event('multipart/form-data; boundary=b0und', body), limits));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/malformed or cut short/);
      expect(error.message).not.toMatch(runtimeText);
    });
  });
});
