import type { ByteSource, RemoteFiles } from '../../domain/media-info/media-probes';
import { ValidationError } from '../../../../kernel/domain/errors';
import { safeRequest } from './safe-fetch';
import { UrlRefusedError } from '../../../../kernel/adapters/http/url-policy';

/** The first piece asked for: most containers keep their headers in it, and it tells the file's size. */
const FIRST_PIECE_BYTES = 256 * 1024;
/** A server that ignores Range is read whole only when the file is this small. */
const WHOLE_FILE_BYTES = 8 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;

const refused = (param: string, message: string, hint?: string) => new ValidationError(message, { param, ...(hint ? { hint } : {}) });

/**
 * A public URL's file read in pieces with HTTP Range requests through the
 * safe fetcher (every request, and every redirect, checked against the
 * address policy again), so only the headers of a remote file travel.
 */
export class RangedUrls implements RemoteFiles {
  constructor(private readonly allowHosts: readonly string[]) {}

  async open(url: string, param: string): Promise<ByteSource> {
    const first = await this.get(url, param, 0, FIRST_PIECE_BYTES, WHOLE_FILE_BYTES);
    if (first.status === 416) return { size: 0, read: () => Promise.resolve(new Uint8Array(0)) };
    if (first.status === 200) return this.whole(first, param);
    if (first.status !== 206) throw refused(param, `The URL answered with HTTP status ${first.status}.`, 'Send a URL that answers GET with the file.');
    const total = /\/(\d+)\s*$/.exec(String(first.headers['content-range'] ?? ''))?.[1];
    if (total === undefined) throw refused(param, 'The URL did not say the size of its file (no Content-Range).', 'Send a URL whose server answers Range requests.');
    const size = Number(total);
    const head = first.body;
    const read = async (offset: number, length: number): Promise<Uint8Array> => {
      const end = Math.min(offset + length, size);
      if (end <= offset) return new Uint8Array(0);
      if (end <= head.length) return head.subarray(offset, end);
      const piece = await this.get(url, param, offset, end - offset, end - offset);
      if (piece.status !== 206) throw refused(param, `The URL answered a Range request with HTTP status ${piece.status}.`);
      return piece.body;
    };
    return { size, read };
  }

  /** A server that sent the whole file for a range: usable only when the file is small, as nothing else can be read of it. */
  private whole(answer: { headers: Record<string, string | string[] | undefined>; body: Buffer }, param: string): ByteSource {
    const length = Number(answer.headers['content-length'] ?? Number.NaN);
    if (answer.body.length >= WHOLE_FILE_BYTES || (Number.isFinite(length) && length !== answer.body.length)) {
      throw refused(param, "The URL's server does not answer Range requests, and the file is too large to read whole.", 'Send a URL whose server answers Range requests (most storage and CDNs do), or upload the file with POST /uploads and send its file_id.');
    }
    const body = answer.body;
    return { size: body.length, read: (offset, length) => Promise.resolve(body.subarray(offset, offset + length)) };
  }

  private async get(url: string, param: string, offset: number, length: number, maxBytes: number) {
    try {
      return await safeRequest(url, {
        maxBytes,
        timeoutMs: REQUEST_TIMEOUT_MS,
        allowHosts: this.allowHosts,
        headers: { range: `bytes=${offset}-${offset + length - 1}`, 'accept-encoding': 'identity' },
      });
    } catch (error) {
      if (error instanceof UrlRefusedError) throw refused(param, error.message.replace(/^Error: /, ''));
      throw error;
    }
  }
}
