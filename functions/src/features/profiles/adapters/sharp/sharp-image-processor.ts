import type { Sharp, SharpOptions } from 'sharp';
import { NotAnImageError, type ImageProcessor } from '../../domain/picture-service';

/** Large enough for any photo, small enough that a decompression bomb is refused before it costs memory. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 1024;

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp is native code, installed beside the one bundle that re-encodes
 * pictures and loaded on its first picture: no other function carries it, and
 * none pays for loading libvips on a cold start.
 */
const loadSharp = (): Promise<SharpFactory> =>
  (loaded ??= import('sharp').then((module: { default: SharpFactory }) => module.default));

/** sharp decodes the real content (not the name or type), turns by EXIF, and writes a JPEG without metadata. */
export class SharpImageProcessor implements ImageProcessor {
  async toCleanJpeg(input: Buffer): Promise<Buffer> {
    try {
      const sharp = await loadSharp();
      const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
      const { format } = await image.metadata();
      if (!format || !['jpeg', 'png', 'gif', 'webp'].includes(format)) throw new NotAnImageError(`not an accepted image (${format ?? 'unknown'})`);
      return await image
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: false })
        .toBuffer();
    } catch (error) {
      if (error instanceof NotAnImageError) throw error;
      throw new NotAnImageError(error instanceof Error ? error.message : 'not an image');
    }
  }
}
