import type { MediaProbe } from '../../../../kernel/contracts/media-probe';
import type { ProbeRequest } from '../../contracts/requests/probe-request';
import type { FileIdResolver, UrlPolicy } from '../input-resolver';
import { UnreadableMediaError, ValidationError } from '../../../../kernel/domain/errors';

/** A file read piece by piece where it lies: only the bytes a reader asks for ever travel. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset`; fewer only at the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Opens a stored file (an upload or an output) by its storage key. */
export interface StoredFiles {
  open(key: string): Promise<ByteSource>;
}

/** Opens a public URL's file, refusing (as a ValidationError naming `param`) what the fetcher refuses. */
export interface RemoteFiles {
  open(url: string, param: string): Promise<ByteSource>;
}

/** Reads a container's headers into our shape; undefined when the bytes are no media it knows. */
export interface MediaReader {
  read(source: ByteSource): Promise<MediaProbe | undefined>;
}

/**
 * `POST /probe`: what a file holds, read from its headers without a job.
 * Files by id are the caller's own only (anything else is a 404, as for
 * GET /file); a URL passes the fetcher's address policy first.
 */
export class MediaProbes {
  constructor(
    private readonly files: FileIdResolver,
    private readonly urls: UrlPolicy,
    private readonly stored: StoredFiles,
    private readonly remote: RemoteFiles,
    private readonly reader: MediaReader,
  ) {}

  async probe(userId: string, request: ProbeRequest): Promise<MediaProbe> {
    const source = await this.open(userId, request);
    const probe = await this.reader.read(source);
    if (!probe || probe.streams.length === 0) {
      throw new UnreadableMediaError('The file is not a video or audio file we can read: no audio or video stream was found in it.', {
        param: request.file_id === undefined ? 'url' : 'file_id',
        hint: 'Send a video or audio file, such as MP4, MOV, MKV, WebM, MP3, WAV or M4A.',
      });
    }
    return probe;
  }

  private async open(userId: string, request: ProbeRequest): Promise<ByteSource> {
    const { file_id: fileId, url } = request;
    if (fileId !== undefined && url !== undefined) {
      throw new ValidationError('Send only one of file_id or url.', { param: 'url', hint: 'Probe one file per request.' });
    }
    if (fileId !== undefined) {
      const input = await this.files.resolve(userId, fileId, 'file', 'file_id');
      if (input.key === undefined) throw new Error('a file id resolved to no stored file');
      return this.stored.open(input.key);
    }
    if (url !== undefined) {
      this.urls.assertFetchable(url, 'url');
      return this.remote.open(url, 'url');
    }
    throw new ValidationError('Send one of file_id or url.', {
      param: 'file_id',
      hint: 'file_id takes the file_id of POST /uploads or the output.file_id of one of your tasks; url takes a public http(s) URL.',
    });
  }
}
