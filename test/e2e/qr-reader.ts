import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';

/**
 * What a QR code on the page says, read as a phone's camera would read it:
 * from the pixels the browser drew, not from the markup that drew them.
 */
export async function readQrCode(code: Locator): Promise<string | null> {
  const { data, info } = await sharp(await code.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
