import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CorsRule } from './cors';
import { S3Error, errors } from './s3-error';

/** One stretch of an object's bytes: a data file in the bucket's objects folder. */
export interface Segment {
  file: string;
  size: number;
}

/** What S3 keeps beside an object's bytes. */
export interface ObjectMeta {
  key: string;
  /** The data file's name in the bucket's objects folder: a new name per write, so a reader's open file is never rewritten. */
  file: string;
  /**
   * An object joined from multipart parts: its bytes are these files in
   * order (the parts themselves, moved, not copied), and `file` names none.
   * Joining a 5 GB upload then takes no time and no second 5 GB of disk.
   */
  segments?: Segment[];
  size: number;
  /** Quoted, as S3 sends it. */
  etag: string;
  lastModified: string;
  /** Content-Type, Content-Disposition, Cache-Control… under lower-case names. */
  headers: Record<string, string>;
  /** x-amz-meta-* without the prefix. */
  metadata: Record<string, string>;
}

export interface BucketInfo {
  name: string;
  created: string;
  /** The lifecycle document as sent: kept and answered back, not applied. */
  lifecycle?: string;
  cors?: CorsRule[];
}

interface Bucket {
  info: BucketInfo;
  objects: Map<string, ObjectMeta>;
}

const BUCKET_NAME = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Byte order of the UTF-8 keys, which is how S3 lists them. */
/** What a caller gives of a new object; the store names its files and time. */
type NewObject = Omit<ObjectMeta, 'key' | 'file' | 'lastModified' | 'segments'>;

export const byKey = (a: ObjectMeta, b: ObjectMeta) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));

async function writeJson(path: string, value: unknown): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(value));
  await rename(temp, path);
}

/**
 * Buckets and objects on disk under `root`: `buckets/<name>/bucket.json` and,
 * per object, `objects/<sha256 of key>.json` beside its data file (hashed
 * names, as keys may hold any characters and be a folder of one another).
 * Metadata is also held in memory, loaded once at start, for listing.
 */
export class ObjectStore {
  private readonly buckets = new Map<string, Bucket>();
  /** One write at a time per object, so its sidecar and data file always agree. */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(readonly root: string) {}

  async load(): Promise<void> {
    await mkdir(join(this.root, 'buckets'), { recursive: true });
    for (const name of await readdir(join(this.root, 'buckets'))) {
      const dir = join(this.root, 'buckets', name);
      const info = await readFile(join(dir, 'bucket.json'), 'utf8').then((text) => JSON.parse(text) as BucketInfo, () => undefined);
      // A bucket whose creation was cut short before its description was written never existed.
      if (!info) continue;
      const objects = new Map<string, ObjectMeta>();
      for (const file of (await readdir(join(dir, 'objects'))).filter((f) => f.endsWith('.json'))) {
        const meta = JSON.parse(await readFile(join(dir, 'objects', file), 'utf8')) as ObjectMeta;
        objects.set(meta.key, meta);
      }
      this.buckets.set(name, { info, objects });
    }
    // Bodies cut short by a stop leave temp files nobody will finish.
    await rm(join(this.root, 'tmp'), { recursive: true, force: true });
    await mkdir(join(this.root, 'tmp'), { recursive: true });
  }

  /** A fresh path for a body on its way in, on the same disk as its destination so it can be renamed there. */
  tempPath(): string {
    return join(this.root, 'tmp', randomBytes(12).toString('hex'));
  }

  listBuckets(): BucketInfo[] {
    return [...this.buckets.values()].map((b) => b.info).sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  bucket(name: string): BucketInfo {
    return this.entry(name).info;
  }

  private entry(name: string): Bucket {
    const bucket = this.buckets.get(name);
    if (!bucket) throw errors.noSuchBucket(name);
    return bucket;
  }

  private dir(name: string): string {
    return join(this.root, 'buckets', name);
  }

  async createBucket(name: string): Promise<void> {
    if (!BUCKET_NAME.test(name) || name.includes('..')) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', { BucketName: name });
    if (this.buckets.has(name)) {
      throw new S3Error(409, 'BucketAlreadyOwnedByYou', 'Your previous request to create the named bucket succeeded and you already own it.', { BucketName: name });
    }
    const info: BucketInfo = { name, created: new Date().toISOString() };
    await mkdir(join(this.dir(name), 'objects'), { recursive: true });
    await writeJson(join(this.dir(name), 'bucket.json'), info);
    this.buckets.set(name, { info, objects: new Map() });
  }

  async deleteBucket(name: string): Promise<void> {
    if (this.entry(name).objects.size > 0) {
      throw new S3Error(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty', { BucketName: name });
    }
    this.buckets.delete(name);
    await rm(this.dir(name), { recursive: true, force: true });
  }

  async updateBucket(name: string, change: Partial<Pick<BucketInfo, 'lifecycle' | 'cors'>>): Promise<void> {
    const bucket = this.entry(name);
    bucket.info = { ...bucket.info, ...change };
    await writeJson(join(this.dir(name), 'bucket.json'), bucket.info);
  }

  head(bucket: string, key: string): ObjectMeta {
    const meta = this.entry(bucket).objects.get(key);
    if (!meta) throw errors.noSuchKey(key);
    return meta;
  }

  /** The files that hold the object's bytes, in order, with their sizes. */
  dataFiles(bucket: string, meta: ObjectMeta): { path: string; size: number }[] {
    const segments = meta.segments ?? [{ file: meta.file, size: meta.size }];
    return segments.map((s) => ({ path: join(this.dir(bucket), 'objects', s.file), size: s.size }));
  }

  /** Every object of the bucket, in key order. */
  list(bucket: string): ObjectMeta[] {
    return [...this.entry(bucket).objects.values()].sort(byKey);
  }

  /** Moves a received body into place as `key`, replacing what was there. */
  commit(bucket: string, key: string, tempFile: string, fields: NewObject): Promise<ObjectMeta> {
    return this.commitSegments(bucket, key, [{ path: tempFile, size: fields.size }], fields);
  }

  /** Moves received parts into place, in order, as the bytes of `key`. */
  commitSegments(bucket: string, key: string, bodies: { path: string; size: number }[], fields: NewObject): Promise<ObjectMeta> {
    return this.serialized(bucket, key, async () => {
      const objects = this.entry(bucket).objects;
      const id = createHash('sha256').update(key).digest('hex');
      const name = `${id}.${randomBytes(6).toString('hex')}`;
      const single = bodies.length === 1;
      const segments = bodies.map((body, n) => ({ file: single ? `${name}.data` : `${name}.${n + 1}.data`, size: body.size }));
      const meta: ObjectMeta = { ...fields, key, file: single ? `${name}.data` : name, ...(single ? {} : { segments }), lastModified: new Date().toISOString() };
      const folder = join(this.dir(bucket), 'objects');
      try {
        for (const [n, body] of bodies.entries()) await rename(body.path, join(folder, segments[n]?.file ?? ''));
      } catch (error) {
        // Moved halfway (a part gone under a second completion): nothing of it may stay behind.
        await Promise.all(segments.map((s) => rm(join(folder, s.file), { force: true })));
        throw error;
      }
      await writeJson(join(folder, `${id}.json`), meta);
      const previous = objects.get(key);
      objects.set(key, meta);
      if (previous) await this.removeData(bucket, previous);
      return meta;
    });
  }

  private async removeData(bucket: string, meta: ObjectMeta): Promise<void> {
    await Promise.all(this.dataFiles(bucket, meta).map((f) => rm(f.path, { force: true })));
  }

  /** Deleting what is not there succeeds, as in S3. */
  delete(bucket: string, key: string): Promise<void> {
    return this.serialized(bucket, key, async () => {
      const objects = this.entry(bucket).objects;
      const previous = objects.get(key);
      if (!previous) return;
      objects.delete(key);
      const folder = join(this.dir(bucket), 'objects');
      await rm(join(folder, `${createHash('sha256').update(key).digest('hex')}.json`), { force: true });
      await this.removeData(bucket, previous);
    });
  }

  private async serialized<T>(bucket: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = `${bucket}/${key}`;
    const before = this.writing.get(id) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    this.writing.set(id, mine);
    try {
      return await mine;
    } finally {
      if (this.writing.get(id) === mine) this.writing.delete(id);
    }
  }
}
