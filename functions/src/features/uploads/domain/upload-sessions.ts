import { formatBytes } from '../contracts/upload-limits';
import { ConflictError, ValidationError } from '../../../kernel/domain/errors';
import { parsePartNumbers, partsToComplete, UploadPartsRejectedError, type MultipartStorage } from './multipart';
import { toUploadView, type UploadView } from './upload-view';
import { tooLarge, type UploadRecord, type UploadRepository, type UploadService, type UploadStorage } from './uploads';

/**
 * What happens to an upload after it is made: its status (with the parts
 * storage holds, so a dropped connection resumes where it stopped), fresh
 * part URLs in batches, completion and abort.
 */
export class UploadSessions {
  constructor(
    private readonly service: Pick<UploadService, 'own' | 'signParts'>,
    private readonly uploads: UploadRepository,
    private readonly storage: UploadStorage,
    private readonly parts: MultipartStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async status(userId: string, fileId: string, partNumbers?: string): Promise<UploadView> {
    const record = await this.service.own(userId, fileId);
    const at = this.now();
    if (!record.multipart) {
      if (partNumbers !== undefined) throw new ValidationError('applies to multipart uploads only', { param: 'part_numbers' });
      const size = record.status === 'aborted' ? undefined : await this.storage.objectSize(record.key);
      return toUploadView({ ...record, ...(size ? { status: 'completed', size } : {}) }, at);
    }
    const received = record.status === 'pending' ? await this.parts.listParts(record.key, record.multipart.uploadId) : undefined;
    const wanted = partNumbers === undefined || record.status !== 'pending' ? [] : parsePartNumbers(partNumbers, record.multipart.partCount);
    return toUploadView(record, at, { received: received ?? [], ...(wanted.length ? { partUrls: await this.service.signParts(record, wanted) } : {}) });
  }

  async complete(userId: string, fileId: string, given?: { part_number: number; etag: string }[]): Promise<UploadView> {
    const record = await this.service.own(userId, fileId);
    const multipart = record.multipart;
    if (!multipart) throw new ConflictError('A single-PUT upload needs no completion: it is usable once its PUT succeeded.', { param: 'file_id' });
    if (record.status === 'completed') return toUploadView(record, this.now());
    if (record.status === 'aborted') throw aborted(fileId);
    const received = await this.parts.listParts(record.key, multipart.uploadId);
    if (!received) throw aborted(fileId);
    const parts = partsToComplete(multipart, received, given);
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    if (record.maxBytes !== undefined && size > record.maxBytes) {
      await this.abort(userId, fileId);
      throw tooLarge(size, record.maxBytes, 'parts');
    }
    if (record.declaredSize !== undefined && size !== record.declaredSize) {
      throw new ValidationError(`The parts hold ${size} bytes, not the ${record.declaredSize} announced (${formatBytes(record.declaredSize)}).`, {
        param: 'parts',
        hint: 'Send each part as part_size bytes of the file, the last one with the rest.',
      });
    }
    try {
      await this.parts.complete(record.key, multipart.uploadId, parts);
    } catch (error) {
      if (error instanceof UploadPartsRejectedError) {
        throw new ValidationError(`Storage refused the list of parts (${error.storageCode}).`, { param: 'parts', hint: 'Send the ETag each part PUT answered, in part order.' });
      }
      throw error;
    }
    await this.uploads.finish(record.id, 'completed', size);
    return toUploadView({ ...record, status: 'completed', size }, this.now());
  }

  /** Drops the parts received so far; the file_id then no longer works. Aborting twice is no error. */
  async abort(userId: string, fileId: string): Promise<UploadView> {
    const record: UploadRecord = await this.service.own(userId, fileId);
    if (record.status === 'completed' && record.multipart) throw new ConflictError('The upload is complete; it can no longer be aborted.', { param: 'file_id' });
    if (record.multipart) await this.parts.abort(record.key, record.multipart.uploadId);
    if (record.status !== 'aborted') await this.uploads.finish(record.id, 'aborted', null);
    return toUploadView({ ...record, status: 'aborted' }, this.now());
  }
}

const aborted = (fileId: string) => new ConflictError(`The upload ${fileId} was aborted.`, { param: 'file_id', hint: 'Create a new one with POST /uploads.' });
