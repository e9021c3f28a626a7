import { CROP_SIZE, imageRect, type CropView, type Size } from './crop-geometry';

/** spec §9: JPEG at quality 0.85, round mask, green outline 3 px wide. */
export const OUTPUT_TYPE = 'image/jpeg';
export const OUTPUT_QUALITY = 0.85;
export const OUTLINE_WIDTH = 3;
export const OUTLINE_COLOUR = '#22c55e';
/** JPEG has no transparency: outside the circle is painted white. */
export const MASK_COLOUR = '#ffffff';
/** The preview dims what the crop leaves out instead of hiding it, so the user sees what there is to drag in. */
export const PREVIEW_SHADE = 'rgba(15, 23, 42, 0.55)';

export type CropSurface = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'beginPath' | 'arc' | 'rect' | 'closePath' | 'fill' | 'clip' | 'fillRect' | 'clearRect' | 'drawImage' | 'stroke'
> & { fillStyle: CanvasRenderingContext2D['fillStyle']; strokeStyle: CanvasRenderingContext2D['strokeStyle']; lineWidth: number };

export interface CropSource extends Size {
  image: CanvasImageSource;
}

export interface Circle {
  cx: number;
  cy: number;
  r: number;
}

/** The crop circle: centred, its outline drawn wholly inside the canvas. */
export function cropCircle(size = CROP_SIZE): Circle {
  return { cx: size / 2, cy: size / 2, r: size / 2 - OUTLINE_WIDTH / 2 };
}

function circlePath(ctx: CropSurface, { cx, cy, r }: Circle): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.closePath();
}

function outline(ctx: CropSurface, circle: Circle): void {
  circlePath(ctx, circle);
  ctx.lineWidth = OUTLINE_WIDTH;
  ctx.strokeStyle = OUTLINE_COLOUR;
  ctx.stroke();
}

/** The picture as it will be saved: white outside the circle, the image inside, the green ring on top. */
export function renderOutput(ctx: CropSurface, source: CropSource, view: CropView, size = CROP_SIZE): void {
  const circle = cropCircle(size);
  const { x, y, width, height } = imageRect(source, view, size);
  ctx.fillStyle = MASK_COLOUR;
  ctx.fillRect(0, 0, size, size);
  ctx.save();
  circlePath(ctx, circle);
  ctx.clip();
  ctx.drawImage(source.image, x, y, width, height);
  ctx.restore();
  outline(ctx, circle);
}

/** The dialog's preview: the whole image, shaded outside the circle, with the same ring. */
export function renderPreview(ctx: CropSurface, source: CropSource, view: CropView, size = CROP_SIZE): void {
  const circle = cropCircle(size);
  const { x, y, width, height } = imageRect(source, view, size);
  ctx.clearRect(0, 0, size, size);
  ctx.drawImage(source.image, x, y, width, height);
  // The canvas rectangle minus the circle, filled with the even-odd rule: only the outside is shaded.
  ctx.beginPath();
  ctx.rect(0, 0, size, size);
  ctx.arc(circle.cx, circle.cy, circle.r, 0, Math.PI * 2);
  ctx.fillStyle = PREVIEW_SHADE;
  ctx.fill('evenodd');
  outline(ctx, circle);
}
