import { Transform, type TransformCallback } from 'node:stream';
import { S3Error } from './s3-error';

export const incompleteBody = () => new S3Error(400, 'IncompleteBody', 'The request body terminated unexpectedly');

/** A chunk header is `<hex size>[;chunk-signature=<64 hex>]`; anything much longer is not one. */
const MAX_HEADER_BYTES = 1024;

/**
 * Strips `Content-Encoding: aws-chunked` framing while the body streams:
 * `<hex>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n` then trailers (a
 * checksum, a trailer signature) that end the body. Chunk signatures and
 * trailing checksums are dropped unchecked; the data between them passes on.
 */
export class AwsChunkedDecoder extends Transform {
  private state: 'header' | 'data' | 'crlf' | 'trailer' = 'header';
  private header = '';
  private remaining = 0;
  private crlfSeen = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'trailer') return done();
      if (this.state === 'header') {
        const end = chunk.indexOf(0x0a, at);
        this.header += chunk.toString('latin1', at, end < 0 ? chunk.length : end + 1);
        if (this.header.length > MAX_HEADER_BYTES) return done(incompleteBody());
        if (end < 0) return done();
        at = end + 1;
        const size = parseInt(this.header.split(';', 1)[0]?.trim() ?? '', 16);
        if (!Number.isFinite(size) || size < 0 || !this.header.endsWith('\r\n')) return done(incompleteBody());
        this.header = '';
        this.remaining = size;
        this.state = size === 0 ? 'trailer' : 'data';
      } else if (this.state === 'data') {
        const take = Math.min(this.remaining, chunk.length - at);
        this.push(chunk.subarray(at, at + take));
        at += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'crlf';
      } else {
        if (chunk[at] !== (this.crlfSeen === 0 ? 0x0d : 0x0a)) return done(incompleteBody());
        at += 1;
        this.crlfSeen += 1;
        if (this.crlfSeen === 2) {
          this.crlfSeen = 0;
          this.state = 'header';
        }
      }
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.state === 'trailer' ? undefined : incompleteBody());
  }
}
