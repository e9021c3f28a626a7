import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from './s3-error';

export interface UploadInfo {
  uploadId: string;
  bucket: string;
  key: string;
  initiated: string;
  /** The object's headers and metadata, given at CreateMultipartUpload and applied at completion. */
  headers: Record<string, string>;
  metadata: Record<string, string>;
}

export interface PartInfo {
  partNumber: number;
  /** The part's data file, a new name per upload of the part. */
  file: string;
  size: number;
  /** Hex md5 of the part, which is its ETag unquoted. */
  md5: string;
  lastModified: string;
}

/** Multipart uploads in progress, on disk: `uploads/<id>/upload.json`, then per part `<n>.json` and its data file. */
export class MultipartStore {
  private readonly dir: string;

  constructor(root: string) {
    this.dir = join(root, 'uploads');
  }

  async create(fields: Omit<UploadInfo, 'uploadId' | 'initiated'>): Promise<UploadInfo> {
    const upload: UploadInfo = { ...fields, uploadId: randomBytes(24).toString('base64url'), initiated: new Date().toISOString() };
    await mkdir(join(this.dir, upload.uploadId), { recursive: true });
    await writeFile(join(this.dir, upload.uploadId, 'upload.json'), JSON.stringify(upload));
    return upload;
  }

  /** The upload, refused as S3 does when it is unknown or belongs to another object. */
  async get(uploadId: string, bucket: string, key: string): Promise<UploadInfo> {
    // Ids are ours (base64url); anything else would name a path outside the uploads folder.
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) throw errors.noSuchUpload(uploadId);
    let upload: UploadInfo;
    try {
      upload = JSON.parse(await readFile(join(this.dir, uploadId, 'upload.json'), 'utf8')) as UploadInfo;
    } catch {
      throw errors.noSuchUpload(uploadId);
    }
    if (upload.bucket !== bucket || upload.key !== key) throw errors.noSuchUpload(uploadId);
    return upload;
  }

  async list(bucket: string): Promise<UploadInfo[]> {
    await mkdir(this.dir, { recursive: true });
    const uploads: UploadInfo[] = [];
    for (const id of await readdir(this.dir)) {
      try {
        uploads.push(JSON.parse(await readFile(join(this.dir, id, 'upload.json'), 'utf8')) as UploadInfo);
      } catch {
        // Aborted or completed while listing.
      }
    }
    return uploads.filter((u) => u.bucket === bucket);
  }

  partPath(uploadId: string, part: PartInfo): string {
    return join(this.dir, uploadId, part.file);
  }

  /** Keeps a received part; uploading a part number again replaces the earlier one, as in S3. */
  async savePart(uploadId: string, partNumber: number, tempFile: string, received: { size: number; md5: string }): Promise<PartInfo> {
    const part: PartInfo = { partNumber, file: `${partNumber}.${randomBytes(6).toString('hex')}.part`, ...received, lastModified: new Date().toISOString() };
    const folder = join(this.dir, uploadId);
    const previous = await this.part(uploadId, partNumber);
    await rename(tempFile, join(folder, part.file));
    const sidecar = join(folder, `${partNumber}.json`);
    await writeFile(`${sidecar}.tmp`, JSON.stringify(part));
    await rename(`${sidecar}.tmp`, sidecar);
    if (previous) await rm(join(folder, previous.file), { force: true });
    return part;
  }

  private async part(uploadId: string, partNumber: number): Promise<PartInfo | undefined> {
    try {
      return JSON.parse(await readFile(join(this.dir, uploadId, `${partNumber}.json`), 'utf8')) as PartInfo;
    } catch {
      return undefined;
    }
  }

  /** Every uploaded part, by part number. */
  async parts(uploadId: string): Promise<PartInfo[]> {
    const names = (await readdir(join(this.dir, uploadId))).filter((name) => /^\d+\.json$/.test(name));
    const parts = await Promise.all(names.map((name) => this.part(uploadId, Number(name.slice(0, -'.json'.length)))));
    return parts.filter((p): p is PartInfo => p !== undefined).sort((a, b) => a.partNumber - b.partNumber);
  }

  async remove(uploadId: string): Promise<void> {
    await rm(join(this.dir, uploadId), { recursive: true, force: true });
  }
}
