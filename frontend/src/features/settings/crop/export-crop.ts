import { UnreadableImageError } from '../settings-errors';
import { CROP_SIZE, type CropView } from './crop-geometry';
import { OUTPUT_QUALITY, OUTPUT_TYPE, renderOutput, type CropSource } from './render-crop';

/** Draws the crop on a fresh canvas and encodes it; the canvas writes no metadata, so no EXIF leaves the browser. */
export function exportCrop(source: CropSource, view: CropView, size = CROP_SIZE): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot draw the picture (no 2D canvas).'));
  renderOutput(ctx, source, view, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded.'))),
      OUTPUT_TYPE,
      OUTPUT_QUALITY,
    );
  });
}

/** Decodes a chosen file into an image the canvas can draw; fails for types the browser cannot read. */
export function loadImage(file: Blob): Promise<CropSource> {
  const url = URL.createObjectURL(file);
  return new Promise<CropSource>((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      resolve({ image, width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new UnreadableImageError());
    };
    image.src = url;
  });
}
