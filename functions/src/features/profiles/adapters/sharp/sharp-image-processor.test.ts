import sharp from 'sharp';
import { NotAnImageError } from '../../domain/picture-service';
import { SharpImageProcessor } from './sharp-image-processor';

describe('SharpImageProcessor', () => {
  const processor = new SharpImageProcessor();

  it('re-encodes an image as a JPEG without its metadata', async () => {
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22aa44' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Software: 'camera' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-owner'))).toBe(true);
    const clean = await processor.toCleanJpeg(withExif);
    expect(clean.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(clean.includes(Buffer.from('Exif'))).toBe(false);
    const meta = await sharp(clean).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
  });

  it('accepts a PNG and shrinks a large one', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const meta = await sharp(await processor.toCleanJpeg(png)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 512 });
  });

  it('refuses what is not an image, whatever it is called', async () => {
    await expect(processor.toCleanJpeg(Buffer.from('%PDF-1.4 not a picture'))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(processor.toCleanJpeg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toBeInstanceOf(NotAnImageError);
  });
});
