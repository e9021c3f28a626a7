import type { JobInput } from '../contracts/media-jobs';
import type { InputSource } from '../contracts/requests/request-fields';
import { inputKey, type MediaStorage } from './job';
import { knownExtension } from './media-files';

/** Finds the stored file behind a `file_id` (an upload, or a task's output) of this caller. */
export interface FileIdResolver {
  resolve(userId: string, fileId: string, role: JobInput['role'], param: string): Promise<JobInput>;
}

/** Uploads by `upl_` ids, task outputs by `out_` ids. */
export function fileIdsOf(uploads: FileIdResolver, outputs: FileIdResolver): FileIdResolver {
  return { resolve: (userId, fileId, role, param) => (fileId.startsWith('out_') ? outputs : uploads).resolve(userId, fileId, role, param) };
}

/** Refuses a URL the fetcher would refuse anyway (shape, scheme, internal literal address), naming the field. */
export interface UrlPolicy {
  assertFetchable(url: string, param: string): void;
}

/** The file name a URL input gets: its last path segment, cleaned, or a neutral name. */
export function urlFileName(url: string): string {
  let segment = '';
  try {
    segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    segment = '';
  }
  const clean = segment.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(-100);
  return clean || 'input';
}

/**
 * Turns a request's input sources into job inputs: uploads are stored in the
 * caller's own prefix, URLs are checked and left for the worker to fetch,
 * file ids are resolved to the caller's own uploads and task outputs.
 */
export class InputResolver {
  constructor(
    private readonly storage: Pick<MediaStorage, 'putInput'>,
    private readonly files: FileIdResolver,
    private readonly urls: UrlPolicy,
  ) {}

  /** The same early check for a URL we will call rather than fetch (`callback_url`). */
  assertFetchable(url: string, param: string): void {
    this.urls.assertFetchable(url, param);
  }

  /** Checks everything that needs no storage first, so a bad URL costs no upload. */
  async resolve(userId: string, jobId: string, sources: readonly InputSource[]): Promise<JobInput[]> {
    for (const source of sources) if (source.kind === 'url') this.urls.assertFetchable(source.url, source.field);
    return Promise.all(
      sources.map(async (source, index): Promise<JobInput> => {
        switch (source.kind) {
          case 'upload': {
            const stored = `input-${index}.${knownExtension(source.file.fileName) ?? 'bin'}`;
            const key = inputKey(userId, jobId, stored);
            await this.storage.putInput(key, Buffer.from(source.file.body), source.file.contentType);
            return { role: source.role, key, fileName: source.file.fileName || stored, size: source.file.body.length };
          }
          case 'url':
            return { role: source.role, url: source.url, fileName: urlFileName(source.url), size: 0 };
          case 'file_id':
            return this.files.resolve(userId, source.fileId, source.role, source.field);
        }
      }),
    );
  }
}
