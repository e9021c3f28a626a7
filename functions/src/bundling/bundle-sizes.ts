import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';

/** Local file header (30) and central directory entry (46) of a zip, each with the name. */
const ZIP_ENTRY_OVERHEAD = 76;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * The size of a folder as the zip that Lambda receives: each file deflated
 * (what the CDK's zip does) plus the zip's own per-entry headers.
 */
export function zippedBytes(dir: string): number {
  return filesUnder(dir).reduce((total, file) => {
    const name = relative(dir, file);
    const size = statSync(file).size === 0 ? 0 : deflateRawSync(readFileSync(file), { level: 9 }).length;
    return total + size + ZIP_ENTRY_OVERHEAD + 2 * Buffer.byteLength(name);
  }, 22);
}

export const formatKb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
