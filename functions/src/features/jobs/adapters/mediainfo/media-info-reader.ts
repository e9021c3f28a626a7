import type { MediaInfo } from 'mediainfo.js';
import type { MediaProbe } from '../../../../kernel/contracts/media-probe';
import type { ByteSource, MediaReader } from '../../domain/media-info/media-probes';
import { toMediaProbe, type MediaInfoTrack } from './track-mapping';

/**
 * Headers sit at the start or the end of a file: past this, MediaInfoLib is
 * parsing frames of the payload (it reads tens of megabytes of a long MP4),
 * which adds nothing we answer with, so it is told the file ended there.
 */
export const READ_BUDGET_BYTES = 8 * 1024 * 1024;
/** MediaInfoLib's read size: 1 MiB pieces make a remote probe a handful of requests. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * MediaInfoLib compiled to WebAssembly (npm `mediainfo.js`), since Lambda
 * has no ffprobe. It asks for the byte ranges it needs, which the source
 * reads where the file lies. The instance is built once per process (the
 * compile is the slow part) and runs one analysis at a time, as it must;
 * the package ships its .wasm beside its code, installed into the bundle.
 */
export class MediaInfoReader implements MediaReader {
  private instance: Promise<MediaInfo<'object'>> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  async read(source: ByteSource): Promise<MediaProbe | undefined> {
    const turn = this.queue.then(() => this.analyze(source));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async analyze(source: ByteSource): Promise<MediaProbe | undefined> {
    const mediainfo = await this.load();
    let budget = READ_BUDGET_BYTES;
    const result = await mediainfo.analyzeData(source.size, async (size, offset) => {
      const length = Math.min(size, budget, Math.max(0, source.size - offset));
      if (length <= 0) return new Uint8Array(0);
      budget -= length;
      return source.read(offset, length);
    });
    const tracks = (result.media?.track ?? []) as unknown as MediaInfoTrack[];
    return toMediaProbe(tracks, source.size);
  }

  private load(): Promise<MediaInfo<'object'>> {
    this.instance ??= import('mediainfo.js').then(({ mediaInfoFactory }) => mediaInfoFactory({ format: 'object', chunkSize: CHUNK_BYTES }));
    // A failed load is tried again on the next request rather than remembered.
    this.instance.catch(() => (this.instance = undefined));
    return this.instance;
  }
}
