import { Readable } from 'node:stream';
import { AwsChunkedDecoder } from './aws-chunked';

const decode = async (pieces: string[]) => {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces.map((p) => Buffer.from(p, 'latin1'))).pipe(new AwsChunkedDecoder())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('latin1');
};

describe('aws-chunked bodies', () => {
  it('strips signed chunk framing and the trailing checksum, however the bytes are split', async () => {
    const sig = 'a'.repeat(64);
    const body = `5;chunk-signature=${sig}\r\nhello\r\n6;chunk-signature=${sig}\r\n world\r\n0;chunk-signature=${sig}\r\nx-amz-checksum-crc32:AAAAAA==\r\n\r\n`;
    expect(await decode([body])).toBe('hello world');
    expect(await decode(body.split(''))).toBe('hello world');
  });

  it('takes the unsigned framing the SDK sends, with or without trailers', async () => {
    expect(await decode(['3\r\nabc\r\n0\r\n'])).toBe('abc');
    expect(await decode(['3\r\nabc\r\n0\r\nx-amz-checksum-crc32:xyz\r\n\r\n'])).toBe('abc');
  });

  it('refuses a body cut short or framed wrongly', async () => {
    await expect(decode(['5\r\nhel'])).rejects.toMatchObject({ code: 'IncompleteBody' });
    await expect(decode(['3\r\nabcX\r\n0\r\n'])).rejects.toMatchObject({ code: 'IncompleteBody' });
    await expect(decode(['zz\r\n'])).rejects.toMatchObject({ code: 'IncompleteBody' });
  });
});
