/** spec §9: a 300 px square canvas, zoom 0.5 to 3 in steps of 0.1. */
export const CROP_SIZE = 300;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;

export interface Size {
  width: number;
  height: number;
}

/** Zoom, and where the image's centre sits relative to the canvas centre (canvas pixels). */
export interface CropView {
  zoom: number;
  offsetX: number;
  offsetY: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const INITIAL_VIEW: CropView = { zoom: 1, offsetX: 0, offsetY: 0 };

/** Within range and on the 0.1 grid (repeated +0.1 steps would otherwise drift to 1.2000000000000002). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const onGrid = Math.round(zoom / ZOOM_STEP) / Math.round(1 / ZOOM_STEP);
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, onGrid));
}

/** At zoom 1 the image's shorter side fills the canvas, as a cover fit does. */
export function baseScale(image: Size, size = CROP_SIZE): number {
  return size / Math.min(image.width, image.height);
}

/** Where the image is drawn on the canvas for this view. */
export function imageRect(image: Size, view: CropView, size = CROP_SIZE): Rect {
  // Multiply before dividing: 300 * 3 / 1000 is exactly 0.9, 300 / 1000 * 3 is not.
  const shorter = Math.min(image.width, image.height);
  const width = (image.width * size * view.zoom) / shorter;
  const height = (image.height * size * view.zoom) / shorter;
  return { x: (size - width) / 2 + view.offsetX, y: (size - height) / 2 + view.offsetY, width, height };
}

/**
 * A picture larger than the canvas may move until its edge meets the canvas edge (no empty strip opens),
 * a smaller one until it meets the canvas edge from inside (it never leaves the frame).
 */
export function clampView(image: Size, view: CropView, size = CROP_SIZE): CropView {
  const zoom = clampZoom(view.zoom);
  const { width, height } = imageRect(image, { zoom, offsetX: 0, offsetY: 0 }, size);
  const limitX = Math.abs(width - size) / 2;
  const limitY = Math.abs(height - size) / 2;
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) + 0; // + 0 turns -0 into 0
  return { zoom, offsetX: clamp(view.offsetX, limitX), offsetY: clamp(view.offsetY, limitY) };
}

export function zoomTo(image: Size, view: CropView, zoom: number, size = CROP_SIZE): CropView {
  return clampView(image, { ...view, zoom }, size);
}

export function zoomBy(image: Size, view: CropView, steps: number, size = CROP_SIZE): CropView {
  return zoomTo(image, view, view.zoom + steps * ZOOM_STEP, size);
}

/** Moves by a pointer delta measured in screen pixels on a canvas shown `displayedWidth` pixels wide. */
export function dragBy(image: Size, view: CropView, dx: number, dy: number, displayedWidth = CROP_SIZE, size = CROP_SIZE): CropView {
  const ratio = displayedWidth > 0 ? size / displayedWidth : 1;
  return clampView(image, { ...view, offsetX: view.offsetX + dx * ratio, offsetY: view.offsetY + dy * ratio }, size);
}
