import type { DryRunPlan } from '../../contracts/dry-run';
import type { ApiKeyMode } from '../../../../kernel/contracts/key-modes';
import type { AnyJobRequest } from '../../contracts/requests/parsed-request';
import type { InputSource } from '../../contracts/requests/request-fields';
import type { FileIdResolver, UrlPolicy } from '../input-resolver';
import type { ByteSource, MediaReader, RemoteFiles, StoredFiles } from '../media-info/media-probes';
import { UnreadableMediaError } from '../../../../kernel/domain/errors';
import { plannedInput, shapeOf, type InputShape } from './input-shapes';
import { planOutput } from './output-plan';
import { estimateOf } from './processing-estimate';
import { cappedForKey } from './test-key-cap';
import { workOf } from './work-units';

/** An upload that came in the request body, read where it already is. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)) };
}

/**
 * `dry_run=true`: the request's inputs read from their headers where they
 * lie (an upload in the body, the caller's own files by id, a public URL
 * through the fetcher's policy), the output planned by the operation's
 * rules and the processing time estimated by its cost model. No job is
 * made and nothing is stored.
 */
export class DryRuns {
  constructor(
    private readonly files: FileIdResolver,
    private readonly urls: UrlPolicy,
    private readonly stored: StoredFiles,
    private readonly remote: RemoteFiles,
    private readonly reader: MediaReader,
  ) {}

  /** A test key's plan shows the capped output its task would make; the estimate stays the operation's own work. */
  async plan(userId: string, endpoint: string, request: AnyJobRequest, mode: ApiKeyMode = 'live'): Promise<DryRunPlan> {
    // The checks that need no reading come first, as for a real request: a bad URL costs no probe.
    for (const source of request.inputs) if (source.kind === 'url') this.urls.assertFetchable(source.url, source.field);
    if (request.callbackUrl !== undefined) this.urls.assertFetchable(request.callbackUrl, 'callback_url');
    if (request.scriptUrl !== undefined) this.urls.assertFetchable(request.scriptUrl, 'script_url');
    const inputs: InputShape[] = [];
    // One at a time: the reader analyses one file at a time anyway, and the first refusal in order names its field.
    for (const source of request.inputs) inputs.push(await this.probe(userId, source));
    const output = planOutput(request, inputs);
    return {
      object: 'dry_run',
      endpoint,
      valid: true,
      inputs: inputs.map(plannedInput),
      output: cappedForKey(output, mode),
      estimate: estimateOf(workOf(request, inputs, output)),
    };
  }

  private async probe(userId: string, source: InputSource): Promise<InputShape> {
    const probe = await this.reader.read(await this.open(userId, source));
    if (!probe || probe.streams.length === 0) {
      throw new UnreadableMediaError(`The file in ${source.field} is not a video or audio file we can read: no audio or video stream was found in it.`, {
        param: source.field,
        hint: 'Send a video or audio file, such as MP4, MOV, MKV, WebM, MP3, WAV or M4A.',
      });
    }
    return shapeOf(probe, source.role, source.field);
  }

  private async open(userId: string, source: InputSource): Promise<ByteSource> {
    switch (source.kind) {
      case 'upload':
        return bytesSource(source.file.body);
      case 'url':
        return this.remote.open(source.url, source.field);
      case 'file_id': {
        const input = await this.files.resolve(userId, source.fileId, source.role, source.field);
        if (input.key === undefined) throw new Error('a file id resolved to no stored file');
        return this.stored.open(input.key);
      }
    }
  }
}
