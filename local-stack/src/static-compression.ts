import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

// CloudFront's rules for compressing an answer ("Serve compressed files", AWS docs): a type on its
// list, a body of 1,000 to 10,000,000 bytes, and Brotli before Gzip when the viewer takes both.
const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|wasm)|image\/svg\+xml|image\/x-icon|font\/(otf|ttf|eot))/;

export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && bytes <= MAX_BYTES && COMPRESSIBLE.test(contentType);
}

/** The encoding to answer with, from the viewer's Accept-Encoding (q=0 refuses an encoding). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

// On-the-fly levels, as an edge compresses (Brotli's densest, 11, takes a second for the React chunk).
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/**
 * Compressed copies of the static files, made once per file version (as CloudFront caches its
 * compressed copy at the edge) so that only the first viewer pays for the compression.
 */
export class CompressedFiles {
  private readonly copies = new Map<string, { version: string; copy: Promise<Buffer> }>();

  async get(file: string, encoding: Encoding): Promise<Buffer> {
    const { mtimeMs, size } = await stat(file);
    const key = `${encoding}:${file}`;
    const version = `${mtimeMs}:${size}`;
    const known = this.copies.get(key);
    if (known?.version === version) return known.copy;
    // A rebuilt file replaces its old copy.
    const copy = readFile(file).then(compressors[encoding]);
    copy.catch(() => this.copies.delete(key));
    this.copies.set(key, { version, copy });
    return copy;
  }
}
