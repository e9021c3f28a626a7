import { readPresignedPostForm } from './presigned-post-form';

const BOUNDARY = '----formBoundary7MA4YWxk';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const policy = (conditions: unknown[]) => Buffer.from(JSON.stringify({ expiration: '2030-01-01T00:00:00Z', conditions })).toString('base64');

function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.fileName ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe('presigned POST form', () => {
  it('reads the policy limit and the size of the file part, CRLFs inside the file included', async () => {
    const file = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(3000, 0x0d)]);
    const body = multipart([
      { name: 'key', value: 'user/1.png' },
      { name: 'Policy', value: policy([{ bucket: 'pictures' }, ['content-length-range', 1, 2048]]) },
      { name: 'file', value: file, fileName: 'picture' },
    ]);
    await expect(readPresignedPostForm(body, CONTENT_TYPE)).resolves.toEqual({ maxFileBytes: 2048, fileBytes: file.length });
  });

  it('sets no limit when the policy has no range or does not decode', async () => {
    const file = { name: 'file', value: 'abc', fileName: 'p' };
    const noRange = multipart([{ name: 'Policy', value: policy([{ bucket: 'pictures' }]) }, file]);
    const garbled = multipart([{ name: 'Policy', value: '!!not base64 json' }, file]);
    await expect(readPresignedPostForm(noRange, CONTENT_TYPE)).resolves.toEqual({ maxFileBytes: undefined, fileBytes: 3 });
    await expect(readPresignedPostForm(garbled, CONTENT_TYPE)).resolves.toEqual({ maxFileBytes: undefined, fileBytes: 3 });
  });

  it('measures the whole body when there is no file part or the body is cut short', async () => {
    const withoutFile = multipart([{ name: 'Policy', value: policy([['content-length-range', 0, 10]]) }]);
    await expect(readPresignedPostForm(withoutFile, CONTENT_TYPE)).resolves.toEqual({ maxFileBytes: 10, fileBytes: withoutFile.length });
    const full = multipart([{ name: 'Policy', value: policy([['content-length-range', 0, 10]]) }, { name: 'file', value: Buffer.alloc(500, 1), fileName: 'p' }]);
    const cut = full.subarray(0, full.length - 100);
    await expect(readPresignedPostForm(cut, CONTENT_TYPE)).resolves.toEqual({ maxFileBytes: 10, fileBytes: cut.length });
  });

  it('sets no limit when the content type has no boundary', async () => {
    const body = multipart([{ name: 'Policy', value: policy([['content-length-range', 0, 10]]) }]);
    await expect(readPresignedPostForm(body, 'multipart/form-data')).resolves.toEqual({ maxFileBytes: undefined, fileBytes: body.length });
  });
});
